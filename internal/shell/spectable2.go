package shell

// The command table, part 2: text processing and system information.
var textTable = map[string]entry{
	"sort": {opts: `b d f g i M h n R r V c C m s u z k: t: S: o:w T:w ignore-leading-blanks dictionary-order
		ignore-case general-numeric-sort ignore-nonprinting month-sort human-numeric-sort numeric-sort random-sort
		random-source=r reverse sort= version-sort check? merge stable unique zero-terminated key= field-separator=
		buffer-size= output=w temporary-directory=w files0-from=l parallel= debug batch-size= help version`,
		operands: FileRead, ro: true},
	"uniq": {opts: `c d D f: i s: u w: z count repeated all-repeated? skip-fields= skip-chars= ignore-case unique
		check-chars= zero-terminated group? help version`, operands: FileRead, ro: true, check: oneOperand},
	"cut":    {opts: `b: c: d: f: n s z bytes= characters= delimiter= fields= complement only-delimited output-delimiter= zero-terminated help version`, operands: FileRead, ro: true, dyn: true},
	"tr":     {opts: `c C d s t complement delete squeeze-repeats truncate-set1 help version`, ro: true, dyn: true},
	"expand": {opts: `i t: initial tabs= help version`, operands: FileRead, ro: true, dyn: true},
	"fmt":    {opts: `c p: s t u w: g: # crown-margin prefix= split-only tagged-paragraph uniform-spacing width= goal= help version`, operands: FileRead, ro: true, dyn: true},
	"base64": {opts: `d i w: decode ignore-garbage wrap= help version`, operands: FileRead, ro: true, dyn: true},
	"column": {opts: `t s: o: c: x n e J l: N: T: R: H: O: W: L r: d table separator= output-separator= output-width=
		fillrows table-columns= table-name= table-order= table-right= table-hide= table-noextreme= table-noheadings
		table-wrap= table-empty-lines keep-empty-lines json tree= tree-id= tree-parent= use-spaces= help version`,
		operands: FileRead, ro: true, dyn: true},
	"paste": {opts: `d: s z delimiters= serial zero-terminated help version`, operands: FileRead, ro: true, dyn: true},
	"fold":  {opts: `b s w: # bytes spaces width= help version`, operands: FileRead, ro: true, dyn: true},
	"rev":   {opts: `0 zero help version`, operands: FileRead, ro: true, dyn: true},
	"jq": {opts: `n r j a s C M S e c h V f:r L:r tab indent= null-input raw-input slurp raw-output join-output
		raw-output0 ascii-output sort-keys color-output monochrome-output unbuffered stream stream-errors seq
		exit-status arg= args jsonargs argjson= slurpfile= rawfile= from-file=r compact-output help version`,
		operands: FileRead, ro: true},
	"yq": {opts: `C M N P e o: p: I: j r n v V h colors no-colors no-doc prettyPrint exit-status output-format=
		input-format= indent= unwrapScalar null-input verbose version help expression= nul-output`,
		operands: FileRead, ro: true},
	"diff": {opts: `a b B c C: d D: e E f F: H i I: n N p q r s S: t T u U: v w W: x: X:r y Z normal brief
		report-identical-files context? unified? ed rcs side-by-side width= left-column suppress-common-lines
		show-c-function show-function-line= label= expand-tabs initial-tab tabsize= suppress-blank-empty recursive
		no-dereference new-file unidirectional-new-file ignore-file-name-case no-ignore-file-name-case exclude=
		exclude-from=r starting-file= from-file=r to-file=r ignore-case ignore-tab-expansion ignore-trailing-space
		ignore-space-change ignore-all-space ignore-blank-lines ignore-matching-lines= text strip-trailing-cr minimal
		horizon-lines= speed-large-files color? palette= line-format= new-line-format= old-line-format=
		unchanged-line-format= new-group-format= old-group-format= unchanged-group-format= changed-group-format=
		help version`, operands: FileRead, ro: true, follow: "always"},
	"cmp":    {opts: `b i: l n: s print-bytes ignore-initial= verbose bytes= quiet silent help version`, operands: FileRead, ro: true, dyn: true},
	"comm":   {opts: `1 2 3 z check-order nocheck-order output-delimiter= total zero-terminated help version`, operands: FileRead, ro: true, dyn: true},
	"md5sum": sumEntry, "sha1sum": sumEntry, "sha224sum": sumEntry, "sha256sum": sumEntry, "sha384sum": sumEntry,
	"sha512sum": sumEntry, "b2sum": sumEntry,
	"cksum": {opts: `a: l: algorithm= length= raw base64 untagged tag zero z help version`, operands: FileRead, ro: true},
	"od": {opts: `A: j: N: S: t: v w? a b c d f i l o s x address-radix= skip-bytes= read-bytes= strings? format=
		output-duplicates width? traditional endian= help version`, operands: FileRead, ro: true, dyn: true},
	"hexdump": {opts: `b c C d o x e: f:r n: s: v L? canonical length= skip= format= format-file=r no-squeezing color? help version`, operands: FileRead, ro: true},
	"strings": {opts: `a d f n: t: e: w s: T: # all data print-file-name bytes= radix= encoding= include-all-whitespace
		output-separator= target= help version`, operands: FileRead, ro: true},
	"xxd":    {opts: `a b C E e g: h i l: n: o: p s: u c: d R: v`, operands: FileRead, ro: true, check: oneOperand},
	"echo":   {opts: `*`, ro: true},
	"printf": {opts: `*`, ro: true},
	"seq":    {opts: `f: s: w # format= separator= equal-width help version`, ro: true, dyn: true},
	"expr":   {opts: `*`, ro: true},
}

var sumEntry = entry{opts: `b t z w binary tag text zero ignore-missing quiet status strict warn help version`,
	operands: FileRead, ro: true}

// systemTable: information about the system, and shell builtins that
// change only the shell running the command.
var systemTable = map[string]entry{
	"date": {opts: `d: f:r I? r:r R s: u debug date= file=r iso-8601? reference=r rfc-email rfc-3339= resolution set=
		utc universal help version`, ro: true, check: dateCheck},
	"uname":    {opts: `a s n r v m p i o all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system help version`, ro: true},
	"whoami":   {opts: `help version`, ro: true},
	"id":       {opts: `a Z g G n r u z context group groups name real user zero help version`, ro: true, dyn: true},
	"hostname": {opts: `*`, ro: true, check: hostnameCheck},
	"printenv": {opts: `0 null help version`, ro: true, dyn: true},
	"ps":       {opts: `*`, ro: true},
	"free":     {opts: `*`, ro: true},
	"nproc":    {opts: `all ignore= help version`, ro: true},
	"uptime":   {opts: `p s pretty since help version`, ro: true},
	"locale":   {opts: `a m c k v all-locales charmaps category-name keyword-name verbose help version`, ro: true, dyn: true},
	"groups":   {opts: `help version`, ro: true, dyn: true},
	"getconf":  {opts: `a v: all`, ro: true, dyn: true},
	"pgrep": {opts: `l a d: i n o O: P: g: G: u: U: s: t: v w x c r: A e list-name list-full delimiter= inverse
		lightweight newest oldest older= parent= pgroup= group= euid= uid= session= terminal= exact full count ns=
		nslist= env= runstates= cgroup= ignore-ancestors help version`, ro: true},
	"man":     {opts: `*`, ro: true, check: manCheck},
	"which":   {opts: `a s`, ro: true, dyn: true},
	"type":    {opts: `a f p P t`, ro: true, dyn: true},
	"whereis": {opts: `b m s u l B: M: S: f`, ro: true, dyn: true},
	"command": {opts: `*`, ro: true, check: commandCheck, runs: runsRest},
	"true":    {opts: `*`, ro: true}, "false": {opts: `*`, ro: true}, ":": {opts: `*`, ro: true},
	"sleep": {opts: `help version`, ro: true, dyn: true},
	"wait":  {opts: `*`, ro: true},
	"test":  {opts: `*`, ro: true, check: testCheck}, "[": {opts: `*`, ro: true, check: testCheck},
	"[[":     {opts: `*`, ro: true},
	"set":    {opts: `*`, ro: true, check: setCheck},
	"shopt":  {opts: `*`, ro: true},
	"read":   {opts: `*`, ro: true, check: readCheck},
	"export": declEntry, "readonly": declEntry, "declare": declEntry, "local": declEntry, "typeset": declEntry,
}

var declEntry = entry{opts: `*`, ro: true, check: declCheck}
