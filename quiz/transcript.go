package quiz

import "github.com/skillstudio/skillstudio/model"

// Transcript is the record of one run: what was asked, what was answered,
// what each branch action produced, and how every gate ended.
type Transcript struct {
	Skill  string        `json:"skill"`
	Blocks []BlockRecord `json:"blocks"`
	// GatesOpen is true when no gated block ended closed (or was left
	// unreached behind one).
	GatesOpen bool `json:"gatesOpen"`
	// BodyUnlocked says whether the agent may now read the skill's body.
	BodyUnlocked bool `json:"bodyUnlocked"`
	// Errors lists every branch action that could not be resolved.
	Errors []string `json:"errors,omitempty"`
}

// Gate states of a block.
const (
	GateOpen       = "open"        // gated block passed
	GateClosed     = "closed"      // gated block failed its last attempt
	GateNone       = "ungated"     // not a gate: scored, never blocks
	GateBlocked    = "blocked"     // behind an earlier closed gate, never presented
	GateNotReached = "not-reached" // the run ended before this block
)

// BlockRecord is one quiz block and every attempt at it.
type BlockRecord struct {
	Index        int             `json:"index"` // 0-based, in written order
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description,omitempty"`
	Gate         bool            `json:"gate"`
	PassingScore float64         `json:"passingScore"`
	Questions    int             `json:"questions"`
	Attempts     []AttemptRecord `json:"attempts"`
	// State is one of the Gate… constants.
	State string `json:"state"`
}

// Passed reports whether the block's last attempt reached its passing score.
func (b BlockRecord) Passed() bool {
	return len(b.Attempts) > 0 && b.Attempts[len(b.Attempts)-1].Passed
}

// AttemptRecord is one pass through a block's questions.
type AttemptRecord struct {
	Number  int            `json:"number"` // 1-based
	Answers []AnswerRecord `json:"answers"`
	Correct int            `json:"correct"`
	Total   int            `json:"total"`
	// Score is the percentage of correct answers, rounded to two decimals;
	// Passed compares exactly (correct×100 ≥ passing×total), so 2 of 3 does
	// not pass a passing score of 67.
	Score    float64 `json:"score"`
	Passed   bool    `json:"passed"`
	Complete bool    `json:"complete"` // every question answered
}

// AnswerRecord is one question, the option chosen and what followed.
type AnswerRecord struct {
	Question       int            `json:"question"` // 0-based within the block
	Text           string         `json:"text"`
	Choice         int            `json:"choice"` // 0-based option index
	ChoiceLabel    string         `json:"choiceLabel"`
	Correct        bool           `json:"correct"`
	CorrectOptions []int          `json:"correctOptions"` // 0-based
	Explanation    string         `json:"explanation,omitempty"`
	Branch         string         `json:"branch"` // "on-correct" or "on-incorrect"
	Actions        []ActionResult `json:"actions"`
}

// ActionResult is one branch action and what it produced for the agent.
// Exactly one of Section, Reference, Skill and Message is set when OK.
type ActionResult struct {
	Kind   model.ActionKind `json:"kind"`
	Target string           `json:"target"`
	OK     bool             `json:"ok"`
	Error  string           `json:"error,omitempty"`

	Section   *Section   `json:"section,omitempty"`
	Reference *Reference `json:"reference,omitempty"`
	Skill     *SkillRef  `json:"skill,omitempty"`
	Message   string     `json:"message,omitempty"`

	// Line and Column locate the action in the skill's main file.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`

	refused refusal // why a reference that is there was not read
}

// Section is the part of the skill body a goto lands on.
type Section struct {
	Heading string `json:"heading"`
	Level   int    `json:"level"`
	Slug    string `json:"slug"`
	// Text is the section as the agent reads it: its heading line and
	// everything up to the next heading of the same or a higher level.
	Text string `json:"text"`
	// Line is the heading's 1-based line in the skill's main file.
	Line int `json:"line"`
}

// Reference is a file of the skill handed to the agent.
type Reference struct {
	Path    string `json:"path"` // relative to the skill folder
	Content string `json:"content"`
}

// SkillRef is another skill loaded by a load-skill action.
type SkillRef struct {
	Name        string       `json:"name"`
	Description string       `json:"description,omitempty"`
	Format      model.Format `json:"format"`
	// Source says where it was found (a folder, a URL, "embedded").
	Source string `json:"source,omitempty"`
	// Skill is the loaded skill itself, for the studio to open.
	Skill *model.Skill `json:"-"`
}
