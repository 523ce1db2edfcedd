//go:build !linux

package atomicfile

// renameNoReplace renames a folder into place, failing if the target
// exists (checked just before the rename: there is no portable atomic
// no-replace rename).
func renameNoReplace(from, to string) error { return renameIfAbsent(from, to) }

// exchange cannot swap two names in one step here: the caller renames.
func exchange(a, b string) (bool, error) { return false, nil }
