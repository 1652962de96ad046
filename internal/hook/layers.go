package hook

// Layer is the hooks part of one settings file.
type Layer struct {
	// Source is the layer ("managed", "flag", "local", "project",
	// "user"); File the file's path as messages show it.
	Source, File string
	// Hooks is the file's "hooks" value as written.
	Hooks []byte
	// DisableAll is "disableAllHooks"; ManagedOnly "allowManagedHooksOnly"
	// (honoured in the managed layer only). Nil: not set.
	DisableAll, ManagedOnly *bool
	// AllowedHTTPURLs is "allowedHttpHookUrls", HTTPEnvVars
	// "httpHookAllowedEnvVars" (nil: not set).
	AllowedHTTPURLs, HTTPEnvVars *[]string
}

// FromLayers decodes and merges the hooks of settings layers given
// strongest first. disableAllHooks in the managed layer turns every hook
// off; in another layer (the strongest that sets it wins) it turns off
// every hook but the managed ones. allowManagedHooksOnly in the managed
// layer keeps only the managed hooks.
func FromLayers(layers []Layer) ([]Handler, []error) {
	managedOnly, userOff := false, false
	decided := false
	for _, l := range layers {
		if l.Source == "managed" {
			if isTrue(l.DisableAll) {
				return nil, nil
			}
			managedOnly = managedOnly || isTrue(l.ManagedOnly)
			continue
		}
		if l.DisableAll != nil && !decided {
			userOff, decided = *l.DisableAll, true
		}
	}
	var lists [][]Handler
	var errs []error
	for _, l := range layers {
		if l.Source != "managed" && (managedOnly || userOff) {
			continue
		}
		hs, es := Decode(l.Hooks, l.File, l.Source)
		lists, errs = append(lists, hs), append(errs, es...)
	}
	return Merge(lists...), errs
}

func isTrue(b *bool) bool { return b != nil && *b }
