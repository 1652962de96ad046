package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// decls is what the repository's Go code declares: per package name
// (several directories may share one), its top-level names, and per
// type name its fields and methods.
type decls struct {
	pkgs    map[string]map[string]bool
	members map[string]map[string]bool // "pkg.Type" and "Type" → members
}

func loadDecls(t *testing.T, root string) decls {
	d := decls{pkgs: map[string]map[string]bool{}, members: map[string]map[string]bool{}}
	fset := token.NewFileSet()
	for _, dir := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") ||
				strings.Contains(p, string(filepath.Separator)+"testdata"+string(filepath.Separator)) {
				return err
			}
			f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			d.addFile(f)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func (d decls) addFile(f *ast.File) {
	pkg := f.Name.Name
	if d.pkgs[pkg] == nil {
		d.pkgs[pkg] = map[string]bool{}
	}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if decl.Recv == nil {
				d.pkgs[pkg][decl.Name.Name] = true
			} else {
				d.member(pkg, recvType(decl.Recv.List[0].Type), decl.Name.Name)
			}
		case *ast.GenDecl:
			for _, spec := range decl.Specs {
				d.addSpec(pkg, spec)
			}
		}
	}
}

func (d decls) addSpec(pkg string, spec ast.Spec) {
	switch spec := spec.(type) {
	case *ast.ValueSpec:
		for _, n := range spec.Names {
			d.pkgs[pkg][n.Name] = true
		}
	case *ast.TypeSpec:
		d.pkgs[pkg][spec.Name.Name] = true
		var fields *ast.FieldList
		switch ty := spec.Type.(type) {
		case *ast.StructType:
			fields = ty.Fields
		case *ast.InterfaceType:
			fields = ty.Methods
		}
		if fields == nil {
			return
		}
		for _, f := range fields.List {
			for _, n := range f.Names {
				d.member(pkg, spec.Name.Name, n.Name)
			}
			if len(f.Names) == 0 { // embedded: promoted by its type name
				d.member(pkg, recvType(f.Type), recvType(f.Type))
			}
		}
	}
}

func (d decls) member(pkg, typ, name string) {
	for _, key := range []string{pkg + "." + typ, typ} {
		if d.members[key] == nil {
			d.members[key] = map[string]bool{}
		}
		d.members[key][name] = true
	}
}

// recvType is the type name of a receiver or embedded field.
func recvType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvType(e.X)
	case *ast.IndexExpr:
		return recvType(e.X)
	case *ast.IndexListExpr:
		return recvType(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.Ident:
		return e.Name
	}
	return ""
}

var (
	qualified = regexp.MustCompile(`^([a-z][a-z0-9]*)\.([A-Z]\w*)(?:\.([A-Za-z]\w*))?$`)
	typeDot   = regexp.MustCompile(`^([A-Z]\w*)\.([A-Z]\w*)$`)
)

// resolve checks an identifier span: pkg.Name or pkg.Type.Member for a
// package name of this repository, or Type.Member for an exported type
// it declares. known is false for spans that are none of these (flags,
// file names, other packages' identifiers).
func (d decls) resolve(span string) (ok, known bool) {
	span = strings.TrimPrefix(span, "*")
	span = strings.TrimSuffix(span, "()")
	if m := qualified.FindStringSubmatch(span); m != nil && d.pkgs[m[1]] != nil {
		if !d.pkgs[m[1]][m[2]] {
			return false, true
		}
		return m[3] == "" || d.members[m[1]+"."+m[2]][m[3]], true
	}
	if m := typeDot.FindStringSubmatch(span); m != nil {
		if members, found := d.members[m[1]]; found {
			return members[m[2]], true
		}
		return false, true
	}
	return false, false
}
