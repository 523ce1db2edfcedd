package review

import (
	"regexp"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Fetch-and-eval shapes: a language's own HTTP call whose answer goes
// straight to its eval, the downloader one-liners malicious skills ship
// instead of curl | sh (python -c "exec(urlopen(…).read())", node -e
// "fetch(u).then(r=>r.text()).then(eval)", ruby -e "eval(Net::HTTP.get(…))",
// perl -e 'eval(get("https://…"))'). What runs is whatever the host serves.
var fetchEvalPatterns = []*lazyre.Regexp{
	// eval(…fetch…) with the fetch inside the call: Python, Node, Ruby, Perl.
	// A method named exec (regex.exec, db.exec) is not the language's eval.
	lazyre.New(`(?i)((^|[^.\w$])(exec|eval)|\b(instance_eval|class_eval)|\bnew\s+function)\s*\(\s*[^;\n]*?(\b(urlopen|requests\.get|httpx\.get|fetch|net::http\.get|uri\.open|httparty\.get|faraday\.get)\s*\(|\bget\s*\(\s*["']https?://)`),
	// fetch(u).then(eval), .then(t => eval(t)), .then(t => new Function(t)())
	lazyre.New(`(?i)\b(fetch|axios\.get|got)\s*\(.*\.then\(\s*(eval\b|\(?\s*\w+\s*\)?\s*=>\s*(eval|new\s+function)\s*\()`),
	// https.get(u, r => { …; r.on('end', () => eval(d)) }) on one line
	lazyre.New(`(?i)\bhttps?\.get\s*\(.*\b(eval|new\s+function)\s*\(`),
}

// Every fetch-and-eval line holds one of evalWords and one of fetchWords
// (lower case), so nearly every line skips the expressions.
var (
	evalWords  = []string{"eval", "exec", "new function"}
	fetchWords = []string{"urlopen", "requests.get", "httpx.get", "fetch", "net::http", "uri.open", "httparty", "faraday", "http"}
)

// mayFetchEval: text holds both kinds of word.
func mayFetchEval(lower string) bool {
	return containsAny(lower, evalWords) && containsAny(lower, fetchWords)
}

// fetchAssign finds a fetch's answer (or the response) kept in a variable:
// code = requests.get(u).text, const r = await fetch(u), body = urlopen(u).read().
var fetchAssign = lazyre.New(`(?i)^\s*(?:const\s+|let\s+|var\s+|my\s+\$)?\$?([A-Za-z_]\w*)\s*=\s*(?:await\s+)?[^=\n]*?\b(urlopen|requests\.get|httpx\.get|fetch|net::http\.get|uri\.open|httparty\.get)\s*\(\s*["'` + "`" + `]?(https?://|[A-Za-z_])`)

// fetchEvalIn returns a description when line hands a download to eval.
func fetchEvalIn(line string) string {
	if !mayFetchEval(strings.ToLower(line)) {
		return ""
	}
	for _, re := range fetchEvalPatterns {
		if re.MatchString(line) {
			return "downloads code and runs it unseen"
		}
	}
	return ""
}

// fetchThenEval looks at the lines after one that keeps a fetch's answer
// in a variable (up to 10) for an eval of that variable, as a script
// splits exec(requests.get(u).text) into two lines.
func fetchThenEval(lines []string, i int) string {
	if !containsAny(strings.ToLower(lines[i]), fetchWords) {
		return ""
	}
	m := fetchAssign.FindStringSubmatch(lines[i])
	if m == nil {
		return ""
	}
	run := regexp.MustCompile(`(?i)((^|[^.\w$])(exec|eval)|\binstance_eval|\bnew\s+function)\s*\(\s*(await\s+)?\$?` + regexp.QuoteMeta(m[1]) + `\b`)
	for j := i + 1; j < len(lines) && j <= i+10; j++ {
		if run.MatchString(lines[j]) {
			return "downloads code into " + clip(m[1], 40) + " and runs it unseen"
		}
	}
	return ""
}
