package shell

// The command table, part 1: files, directories and search. See entry
// for the notation. Operands: FileRead (read), FileWrite (written).
var fileTable = map[string]entry{
	"ls": {opts: `a A b B c C d D f F g G h H i I: k l L! m n N o p q Q r R s S t T: u U v w: x X Z 1 all almost-all
		author escape block-size= ignore-backups color? directory dired classify? file-type format= full-time
		group-directories-first no-group human-readable si dereference-command-line
		dereference-command-line-symlink-to-dir hide= hyperlink? indicator-style= inode ignore= kibibytes dereference!
		numeric-uid-gid literal hide-control-chars show-control-chars quote-name quoting-style= reverse recursive size
		sort= time= time-style= tabsize= width= context zero help version`,
		operands: FileRead, ro: true, dyn: true, follow: "-R --recursive"},
	"cat": {opts: `A b e E n s t T u v show-all number-nonblank show-ends number squeeze-blank show-tabs
		show-nonprinting help version`, operands: FileRead, ro: true, dyn: true},
	"head": {opts: `c: n: q v z # bytes= lines= quiet silent verbose zero-terminated help version`,
		operands: FileRead, ro: true, dyn: true},
	"tail": {opts: `c: f F n: q s: v z # bytes= follow? lines= max-unchanged-stats= pid= quiet silent retry
		sleep-interval= verbose zero-terminated help version`, operands: FileRead, ro: true, dyn: true},
	"wc": {opts: `c m l L w bytes chars lines max-line-length words files0-from=l total= help version`,
		operands: FileRead, ro: true},
	"stat": {opts: `L f c: t dereference file-system format= printf= terse cached= help version`,
		operands: FileRead, ro: true, dyn: true},
	"du": {opts: `a b B: c d: D H k L! m P s S t: x X:r 0 h l all apparent-size block-size= bytes total max-depth=
		dereference-args dereference! human-readable si inodes count-links no-dereference null summarize
		separate-dirs threshold= time? time-style= exclude-from=r exclude= one-file-system files0-from=l help version`,
		operands: FileRead, ro: true},
	"df": {opts: `a B: h H i k l P t: T x: v all block-size= human-readable si inodes local no-sync sync output?
		portability print-type type= exclude-type= total help version`, ro: true, dyn: true},
	"tac": {opts: `b r s: before regex separator= help version`, operands: FileRead, ro: true, dyn: true},
	"nl":  {opts: `b: d: f: h: i: l: n: p s: v: w: body-numbering= section-delimiter= footer-numbering= header-numbering= line-increment= join-blank-lines= number-format= no-renumber number-separator= starting-line-number= number-width= help version`, operands: FileRead, ro: true, dyn: true},
	"file": {opts: `b c E F: f:l h i k l L m:r n N p P: r s S v z Z 0 d brief checking-printout exclude= exclude-quiet=
		extension files-from=l separator= no-dereference mime mime-type mime-encoding keep-going list dereference
		magic-file=r no-pad print0 preserve-date parameter= raw special-files no-sandbox uncompress uncompress-noreport
		help version`, operands: FileRead, ro: true},
	"tree": {opts: `a d l! f i q N Q p u g s h D F r t v U c C A S n x L: P: I: H: T: noreport charset= filelimit=
		dirsfirst du si prune matchdirs ignore-case gitignore timefmt= inodes device sort= help version`,
		operands: FileRead, ro: true},
	"basename": {opts: `a s: z multiple suffix= zero help version`, ro: true, dyn: true},
	"dirname":  {opts: `z zero help version`, ro: true, dyn: true},
	"realpath": {opts: `e m L P q s z canonicalize-existing canonicalize-missing logical physical quiet strip
		no-symlinks zero relative-to=r relative-base=r help version`, operands: FileRead, ro: true, dyn: true},
	"readlink": {opts: `f e m n q s v z canonicalize canonicalize-existing canonicalize-missing no-newline quiet
		silent verbose zero help version`, operands: FileRead, ro: true, dyn: true},
	"pwd":   {opts: `L P`, ro: true},
	"cd":    {opts: `L P e @`, operands: FileRead, ro: true, ordered: true},
	"pushd": {opts: `n`, operands: FileRead, ro: true, ordered: true},
	"popd":  {opts: `n`, ro: true},
	// Search: the first operand is the pattern unless an option gave it.
	"grep": grepEntry, "egrep": grepEntry, "fgrep": grepEntry,
	"rg": {opts: `A: B: C: c E: e:^ f:r^ g: H h i j: L! l M: m: N n o p q r: S s T: t: u v w x z 0 U P F a b
		after-context= before-context= context= count count-matches color= colors= column no-column encoding=
		engine= file=r^ files files-with-matches files-without-match fixed-strings follow! glob= iglob=
		glob-case-insensitive heading no-heading hidden no-hidden ignore-case ignore-file=r invert-match json
		line-number no-line-number line-regexp max-columns= max-count= max-depth= max-filesize= multiline
		multiline-dotall no-config no-ignore no-ignore-vcs no-ignore-parent no-ignore-dot no-ignore-global
		no-messages null null-data only-matching passthru pcre2 pretty quiet regexp=^ replace= search-zip
		case-sensitive smart-case files^ type-list^ sort= sortr= stats text threads= trim type= type-not= type-list unrestricted
		vimgrep with-filename no-filename word-regexp help version`, operands: FileRead, skip: 1, ro: true},
	"ag": {opts: `a A: B: C: c D f! G: g:^ H i l L m: n o p:r Q r s S t u U v V w z 0 ackmate all-text all-types
		after= before= context= color nocolor count depth= follow! file-search-regex=^ files-with-matches
		files-without-matches filename nofilename group nogroup heading noheading hidden ignore= ignore-case
		ignore-dir= literal max-count= numbers nonumbers only-matching path-to-ignore=r print-long-lines print0
		silent skip-vcs-ignores smart-case case-sensitive stats unrestricted vimgrep word-regexp search-binary
		search-zip help version`, operands: FileRead, skip: 1, ro: true},
	"fd": fdEntry, "fdfind": fdEntry,
	"find": {opts: `*`, ro: true, check: findCheck, paths: findPaths},
	// Commands that write their operands.
	"rm":       {opts: `f i I r R d v one-file-system no-preserve-root preserve-root? recursive force interactive? dir verbose help version`, operands: FileWrite},
	"rmdir":    {opts: `p v ignore-fail-on-non-empty parents verbose help version`, operands: FileWrite},
	"mkdir":    {opts: `m: p v Z mode= parents verbose context? help version`, operands: FileWrite},
	"touch":    {opts: `a c d: f h m r:r t: no-create date= no-dereference reference=r time= help version`, operands: FileWrite},
	"mv":       {opts: `b f i n t:w T u v S:s Z backup? force interactive no-clobber strip-trailing-slashes suffix=s target-directory=w no-target-directory update? verbose context exchange no-copy debug help version`, operands: FileWrite},
	"cp":       {opts: `a b d f H i l L! n p P r R s S:s t:w T u v x Z archive attributes-only backup? copy-contents dereference! force interactive link no-clobber no-dereference preserve? no-preserve= parents recursive reflink? remove-destination sparse= strip-trailing-slashes suffix=s symbolic-link target-directory=w no-target-directory update? verbose one-file-system context? debug keep-directory-symlink help version`, operands: FileWrite},
	"ln":       {opts: `b d F f i L n P r s S:s t:w T v backup? directory force interactive logical no-dereference physical relative symbolic suffix=s target-directory=w no-target-directory verbose help version`, operands: FileWrite},
	"install":  {opts: `b c C d D g: m: o: p s S:s t:w T v Z backup? compare directory group= mode= owner= preserve-timestamps strip suffix=s target-directory=w no-target-directory verbose preserve-context context? help version`, operands: FileWrite},
	"tee":      {opts: `a i p append ignore-interrupts output-error? help version`, operands: FileWrite},
	"truncate": {opts: `c o r:r s: no-create io-blocks reference=r size= help version`, operands: FileWrite},
	"shred":    {opts: `f n: s: u v x z force iterations= random-source=r size= remove? verbose exact zero help version`, operands: FileWrite},
	"unlink":   {opts: `help version`, operands: FileWrite},
	"chmod":    {opts: `c f v R changes silent quiet verbose no-preserve-root preserve-root reference=r^ recursive help version`, operands: FileWrite, skip: 1},
	"chown":    ownerEntry, "chgrp": ownerEntry,
	"less": {opts: `*`, operands: FileRead},
	"more": {opts: `*`, operands: FileRead},
	"bat":  {opts: `*`, operands: FileRead},
	"dd":   {opts: `*`, check: func(Command, *Args) string { return "dd writes files" }, paths: ddPaths},
}

var grepEntry = entry{opts: `E F G P e:^ f:r^ i y v w x c o q s b H h n T Z z A: B: C: a I d: D: r R! l L m: U V #
	extended-regexp fixed-strings basic-regexp perl-regexp regexp=^ file=r^ ignore-case no-ignore-case word-regexp
	line-regexp null-data no-messages invert-match version help max-count= byte-offset line-number line-buffered
	with-filename no-filename label= only-matching quiet silent binary-files= text directories= devices= recursive
	dereference-recursive! include= exclude= exclude-from=r exclude-dir= files-without-match files-with-matches
	count initial-tab null context= after-context= before-context= color? colour? binary`,
	operands: FileRead, skip: 1, ro: true}

var fdEntry = entry{opts: `H I u s i g F a l L! p d: t: e: E: c: j: 0 1 q h V S: o: hidden no-ignore no-ignore-vcs
	unrestricted case-sensitive ignore-case glob regex fixed-strings absolute-path list-details follow! full-path
	print0 max-depth= min-depth= exact-depth= type= extension= exclude= size= changed-within= changed-before=
	owner= color= threads= max-results= quiet show-errors base-directory=r path-separator= search-path=r
	strip-cwd-prefix? ignore-file=r one-file-system prune help version`, operands: FileRead, skip: 1, ro: true}

var ownerEntry = entry{opts: `c f v h H L P R changes silent quiet verbose dereference no-dereference from=
	no-preserve-root preserve-root reference=r^ recursive help version`, operands: FileWrite, skip: 1}
