package skillmd

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize/english"
	"github.com/skillstudio/skillstudio/model"
	"gopkg.in/yaml.v3"
)

// Quiz blocks (Layer 4): `quiz:` holds one block or a list of blocks.

const (
	minOptions          = 2
	maxOptions          = 6
	defaultPassingScore = 100
)

var (
	blockKeys    = []string{"title", "description", "gate", "passing-score", "questions"}
	questionKeys = []string{"question", "options", "explanation", "on-correct", "on-incorrect"}
	optionKeys   = []string{"label", "correct"}
	actionKinds  = []model.ActionKind{model.ActionGoto, model.ActionLoadSkill, model.ActionLoadReference, model.ActionMessage}
)

// QuizProblem is a finding about a quiz, with the node it concerns.
type QuizProblem struct {
	Rule    string
	Node    *yaml.Node
	Message string
	Hint    string
}

// ParseQuiz reads the value of `quiz:` into blocks. Node positions in the
// result are relative to the YAML text the node came from. Structural
// problems (shape, unknown keys, counts, scores, action keys) come back as
// problems; checks that need the skill folder (goto, load-reference) are
// CheckQuizTargets'.
func ParseQuiz(n *yaml.Node) ([]model.QuizBlock, []QuizProblem) {
	p := &quizParser{left: maxQuizValues}
	n = resolve(n)
	switch {
	case n == nil || isNull(n):
		p.add("quiz/shape", n, "quiz is empty", "Give at least one block with questions, or remove quiz.")
	case n.Kind == yaml.MappingNode:
		if p.spend(n) {
			p.block(n)
		}
	case n.Kind == yaml.SequenceNode:
		if len(n.Content) == 0 {
			p.add("quiz/shape", n, "quiz is an empty list", "Give at least one block with questions, or remove quiz.")
		}
		for _, b := range n.Content {
			if b = resolve(b); !p.spend(b) {
				break
			}
			p.block(b)
		}
	default:
		p.add("quiz/shape", n, "quiz must be a block (a mapping) or a list of blocks", "Write quiz: with title, gate, passing-score and questions under it.")
	}
	return p.blocks, p.problems
}

type quizParser struct {
	blocks   []model.QuizBlock
	problems []QuizProblem
	left     int  // of maxQuizValues
	over     bool // the budget ran out; nothing more is read
}

// maxQuizValues bounds the blocks, questions, options and mapping keys a
// quiz is read as, an alias counting each time it is used: 3,000 blocks
// aliasing one whose questions alias one question 3,000 times (18 KB of
// YAML) named 9 million questions, and lint passed 4 GB. A real quiz has
// hundreds.
const maxQuizValues = 100_000

// spend charges reading m (and its keys) to the budget; false, with one
// finding, once it is spent.
func (p *quizParser) spend(m *yaml.Node) bool {
	if p.over {
		return false
	}
	p.left--
	if m != nil && m.Kind == yaml.MappingNode {
		p.left -= len(m.Content) / 2
	}
	if p.left >= 0 {
		return true
	}
	p.over = true
	p.add("quiz/shape", m, fmt.Sprintf("the quiz holds more than %d blocks, questions, options and keys (a YAML alias counts each time it is used); the rest is not read", maxQuizValues),
		"Write each question once instead of repeating blocks and questions through aliases, or split the quiz across skills.")
	return false
}

func (p *quizParser) add(rule string, n *yaml.Node, msg, hint string) {
	p.problems = append(p.problems, QuizProblem{Rule: rule, Node: n, Message: msg, Hint: hint})
}

func (p *quizParser) unknownKeys(m *yaml.Node, what string, known []string) {
	mapPairs(m, func(k, _ *yaml.Node) {
		for _, kk := range known {
			if k.Value == kk {
				return
			}
		}
		p.add("quiz/unknown-key", k, fmt.Sprintf("%s key %q is not part of the quiz format; it is ignored", what, k.Value),
			fmt.Sprintf("A %s has: %s.", what, strings.Join(known, ", ")))
	})
}

func (p *quizParser) text(m *yaml.Node, key, what string) string {
	v := mapGet(m, key)
	if v != nil && !isScalar(v) {
		p.add("quiz/shape", v, fmt.Sprintf("%s %s must be a string", what, key), fmt.Sprintf("Write %s as one string.", key))
		return ""
	}
	return scalarText(v)
}

func (p *quizParser) block(m *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		p.add("quiz/shape", m, "a quiz block must be a mapping with questions", "Write each block as title:, gate:, questions: …")
		return
	}
	b := model.QuizBlock{PassingScore: defaultPassingScore, Line: m.Line, Column: m.Column}
	p.unknownKeys(m, "quiz block", blockKeys)
	b.Title = p.text(m, "title", "quiz")
	b.Description = p.text(m, "description", "quiz")
	if g := mapGet(m, "gate"); g != nil {
		if !isBool(g) {
			p.add("quiz/shape", g, "gate must be true or false", "Write gate: true to block the body until the quiz passes.")
		} else {
			b.Gate = strings.EqualFold(g.Value, "true")
		}
	}
	if s := mapGet(m, "passing-score"); s != nil {
		score, err := strconv.ParseFloat(strings.TrimSpace(s.Value), 64)
		switch {
		case !isNumber(s) || err != nil:
			p.add("quiz/passing-score", s, fmt.Sprintf("passing-score %q is not a number", scalarText(s)), "Write a percentage from 0 to 100, e.g. passing-score: 80.")
		case score < 0 || score > 100:
			p.add("quiz/passing-score", s, fmt.Sprintf("passing-score %v is outside 0-100", score), "Write a percentage from 0 to 100.")
		default:
			b.PassingScore = score
		}
	}
	qs := mapGet(m, "questions")
	switch {
	case qs == nil:
		p.add("quiz/shape", m, "the quiz block has no questions", "Add questions: with at least one question.")
	case qs.Kind != yaml.SequenceNode || len(qs.Content) == 0:
		p.add("quiz/shape", qs, "questions must be a list of at least one question", "Write questions: as a list of - question: … items.")
	default:
		for _, q := range qs.Content {
			if q = resolve(q); !p.spend(q) {
				break
			}
			if question, ok := p.question(q); ok {
				b.Questions = append(b.Questions, question)
			}
		}
	}
	p.blocks = append(p.blocks, b)
}

func (p *quizParser) question(m *yaml.Node) (model.Question, bool) {
	if m == nil || m.Kind != yaml.MappingNode {
		p.add("quiz/shape", m, "a question must be a mapping with question and options", "Write - question: … then options: …")
		return model.Question{}, false
	}
	q := model.Question{Line: m.Line, Column: m.Column}
	p.unknownKeys(m, "question", questionKeys)
	q.Text = p.text(m, "question", "question")
	if strings.TrimSpace(q.Text) == "" {
		p.add("quiz/shape", m, "the question has no question text", "Add question: with the text to ask.")
	}
	q.Explanation = p.text(m, "explanation", "question")
	opts := mapGet(m, "options")
	if opts == nil || opts.Kind != yaml.SequenceNode {
		p.add("quiz/shape", orNode(opts, m), "the question needs an options list", "Add options: with 2 to 6 - label: … items.")
	} else {
		for _, o := range opts.Content {
			if o = resolve(o); !p.spend(o) {
				break
			}
			if opt, ok := p.option(o); ok {
				q.Options = append(q.Options, opt)
			}
		}
		if n := len(opts.Content); n < minOptions || n > maxOptions {
			p.add("quiz/options-count", opts, "the question has "+english.Plural(n, "option", "")+"; give 2 to 6", "Offer between 2 and 6 answer choices.")
		}
		correct := false
		for _, o := range q.Options {
			correct = correct || o.Correct
		}
		if !correct && len(q.Options) > 0 {
			p.add("quiz/no-correct", opts, "no option is marked correct: true, so the question can never be passed", "Mark the right answer with correct: true.")
		}
	}
	q.OnCorrect = p.branch(mapGet(m, "on-correct"), "on-correct")
	q.OnIncorrect = p.branch(mapGet(m, "on-incorrect"), "on-incorrect")
	return q, true
}

func (p *quizParser) option(m *yaml.Node) (model.Option, bool) {
	if isScalar(m) {
		p.add("quiz/shape", m, fmt.Sprintf("option %q must be a mapping with label (and correct)", m.Value), "Write - label: \"…\" and add correct: true on the right one.")
		return model.Option{Label: m.Value, Line: m.Line, Column: m.Column}, true
	}
	if m == nil || m.Kind != yaml.MappingNode {
		p.add("quiz/shape", m, "an option must be a mapping with label", "Write - label: \"…\".")
		return model.Option{}, false
	}
	o := model.Option{Line: m.Line, Column: m.Column}
	p.unknownKeys(m, "option", optionKeys)
	o.Label = p.text(m, "label", "option")
	if mapGet(m, "label") == nil {
		p.add("quiz/shape", m, "the option has no label", "Add label: with the answer text.")
	}
	if c := mapGet(m, "correct"); c != nil {
		if !isBool(c) {
			p.add("quiz/shape", c, "correct must be true or false", "Write correct: true without quotes.")
		} else {
			o.Correct = strings.EqualFold(c.Value, "true")
		}
	}
	return o, true
}

// branch reads on-correct / on-incorrect: a mapping of actions, kept in
// the written order.
func (p *quizParser) branch(m *yaml.Node, what string) []model.Action {
	if m == nil || isNull(m) {
		return nil
	}
	if !p.spend(m) {
		return nil
	}
	if m.Kind != yaml.MappingNode {
		p.add("quiz/shape", m, what+" must be a mapping of actions (goto, load-skill, load-reference, message)", "Write e.g. on-incorrect: {load-reference: references/x.md, message: \"…\"}.")
		return nil
	}
	var out []model.Action
	mapPairs(m, func(k, v *yaml.Node) {
		kind := model.ActionKind(k.Value)
		known := false
		for _, a := range actionKinds {
			known = known || a == kind
		}
		switch {
		case !known:
			p.add("quiz/unknown-action", k, fmt.Sprintf("%s action %q is not goto, load-skill, load-reference or message", what, k.Value), "Use one of the four branch actions.")
		case !isScalar(v) || scalarText(v) == "":
			p.add("quiz/unknown-action", orNode(v, k), fmt.Sprintf("%s %s needs a string target", what, k.Value), "Give the heading, skill name, file path or message text.")
		default:
			out = append(out, model.Action{Kind: kind, Target: scalarText(v), Line: v.Line, Column: v.Column})
		}
	})
	return out
}

// checkQuiz parses the frontmatter's quiz into the skill (always: the quiz
// engine needs it) and reports its findings when the profile knows quiz.
func (c *checker) checkQuiz() {
	qn := c.doc.Field("quiz")
	if qn == nil && !hasKey(c.doc.Frontmatter.Node, "quiz") {
		return
	}
	blocks, problems := ParseQuiz(qn)
	fmLine := c.doc.Frontmatter.Line
	// Positions in the model are file positions, like every other one.
	for i := range blocks {
		b := &blocks[i]
		b.Line, b.Column = c.filePos(fmLine, b.Line, b.Column)
		for j := range b.Questions {
			q := &b.Questions[j]
			q.Line, q.Column = c.filePos(fmLine, q.Line, q.Column)
			for k := range q.Options {
				o := &q.Options[k]
				o.Line, o.Column = c.filePos(fmLine, o.Line, o.Column)
			}
			for _, acts := range [][]model.Action{q.OnCorrect, q.OnIncorrect} {
				for k := range acts {
					acts[k].Line, acts[k].Column = c.filePos(fmLine, acts[k].Line, acts[k].Column)
				}
			}
		}
	}
	c.skill.Quizzes = blocks
	if !knows(c.profile, "quiz") {
		return
	}
	for _, pr := range problems {
		if pr.Node == nil {
			pr.Node = c.doc.Field("quiz")
		}
		c.at(pr.Node, pr.Rule, pr.Message, pr.Hint)
	}
	c.checkQuizTargets(blocks)
}

func (c *checker) filePos(fmLine, line, col int) (int, int) {
	if line <= 0 {
		return line, col
	}
	fl := fmLine + line - 1
	return fl, c.lines.byteColumn(fl, col)
}

// checkQuizTargets checks what quiz branches point at: goto headings in
// the body and load-reference files in the skill folder.
func (c *checker) checkQuizTargets(blocks []model.QuizBlock) {
	var headings *HeadingIndex // built at the first goto, once for all
	for _, b := range blocks {
		for _, q := range b.Questions {
			for _, a := range append(append([]model.Action{}, q.OnCorrect...), q.OnIncorrect...) {
				switch a.Kind {
				case model.ActionGoto:
					if headings == nil {
						headings = NewHeadingIndex(c.doc.Headings)
					}
					if _, ok := headings.Find(a.Target); !ok {
						c.report("quiz/goto-heading", a.Line, a.Column, fmt.Sprintf("goto %q: no such heading in the body", a.Target),
							"Add the heading to the body, or point goto at an existing one (e.g. \"## Setup Steps\").")
					}
				case model.ActionLoadReference:
					rel, err := CleanReference(a.Target)
					switch {
					case err != nil:
						c.report("quiz/reference-escapes", a.Line, a.Column, "load-reference "+err.Error(),
							"Copy the file into the skill (e.g. references/) and point at it with a slash path relative to the skill folder.")
					case c.checkReferenceKind(a.Target, rel, a.Line, a.Column):
					case !c.exists(rel):
						c.report("quiz/reference-missing", a.Line, a.Column, fmt.Sprintf("load-reference %q: no such file in the skill", a.Target),
							"Create the file, or fix the path (relative to the skill folder).")
					case c.isDir(rel):
						c.report("quiz/reference-missing", a.Line, a.Column, fmt.Sprintf("load-reference %q names a folder, not a file", a.Target),
							"Point at a file inside the folder (e.g. references/guide.md).")
					}
				}
			}
		}
	}
}

// insideSkill cleans a relative path and says whether it stays inside the
// skill folder.
func insideSkill(p string) (string, bool) {
	p = strings.TrimSpace(p)
	if p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "\\") || (len(p) > 1 && p[1] == ':') {
		return "", false
	}
	clean := path.Clean(strings.ReplaceAll(p, "\\", "/"))
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", false
	}
	return clean, true
}

// CleanReference checks that rel names a file inside the skill folder and
// returns it cleaned: absolute paths, backslashes and any path that climbs
// out with ".." are refused. Lint (quiz/reference-escapes) and the quiz
// engine both use it.
func CleanReference(rel string) (string, error) {
	switch {
	case strings.TrimSpace(rel) == "":
		return "", errors.New("load-reference names no file")
	case strings.Contains(rel, `\`):
		return "", fmt.Errorf("%q uses backslashes; write a slash path relative to the skill folder", rel)
	case path.IsAbs(rel) || (len(rel) > 1 && rel[1] == ':'):
		return "", fmt.Errorf("%q is absolute; references are relative to the skill folder", rel)
	}
	clean := path.Clean(rel)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("%q leads outside the skill folder; references must stay inside it", rel)
	}
	if clean == "." {
		return "", fmt.Errorf("%q names the skill folder, not a file", rel)
	}
	return clean, nil
}

// isDir says whether rel (known to exist) is a folder of the skill.
func (c *checker) isDir(rel string) bool {
	info, err := fs.Stat(c.fsys, c.inDir(rel))
	return err == nil && info.IsDir()
}
