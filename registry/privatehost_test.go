package registry

import "testing"

func TestPrivateHost(t *testing.T) {
	for spec, want := range map[string]bool{
		"http://127.0.0.1:8080/index.json":         true,
		"http://127.9.9.9/":                        true,
		"HTTP://LOCALHOST:3000":                    true,
		"https://localhost./x":                     true,
		"http://api.localhost/x":                   true,
		"http://[::1]:8080/":                       true,
		"http://[::ffff:127.0.0.1]/":               true,
		"http://0.0.0.0:8080/":                     true,
		"http://169.254.169.254/latest/meta-data":  true,
		"https://10.0.0.5/skills":                  true,
		"https://192.168.1.10/":                    true,
		"http://[fd00::1]/":                        true,
		"https://100.100.100.200/latest/meta-data": true,
		"http://[64:ff9b::a9fe:a9fe]/":             true,
		"localhost:8080":                           true,
		"127.0.0.1:8080/skills":                    true,
		"https://user@127.0.0.1@example.com/":      false, // the host is example.com
		"https://example.com/skills":               false,
		"example.com":                              false,
		"https://8.8.8.8/":                         false,
		"github:acme/skills":                       false,
		"./skills":                                 false,
		"http://[fe80::1%25eth0]:8080/":            true,
		"http://2130706433/":                       true,
		"http://0x7f.1/":                           true,
		"http://0177.0.0.1/":                       true,
		"https://0251.0376.0251.0376/latest":       true,
		"http://[::127.0.0.1]/":                    true,
		"http://1234.example.com/":                 false,
		"/srv/skills":                              false,
	} {
		if _, got := PrivateHost(spec); got != want {
			t.Errorf("PrivateHost(%q) = %v, want %v", spec, got, want)
		}
	}
}
