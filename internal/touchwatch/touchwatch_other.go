//go:build !linux

package touchwatch

import "errors"

// Start cannot watch reads here.
func Start(string) (Watch, error) { return nil, errors.New("touchwatch needs inotify (Linux)") }
