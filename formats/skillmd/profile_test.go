package skillmd

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestAgentSkillsAgreesWithSkillsRef: under the strict agentskills profile a
// corpus skill has errors exactly when the reference validator (skills-ref)
// rejects it. testdata/skills-ref-verdicts.txt holds skills-ref's verdicts.
func TestAgentSkillsAgreesWithSkillsRef(t *testing.T) {
	pureCPUUnderRace(t) // one Load after another
	fsys, dirs := corpusSkills(t)
	want := readVerdicts(t)
	for _, dir := range dirs {
		verdict, ok := want[dir]
		if !ok {
			t.Errorf("%s: no skills-ref verdict recorded; add it to testdata/skills-ref-verdicts.txt", dir)
			continue
		}
		s := Load(fsys, dir, model.Options{Profile: model.ProfileAgentSkills})
		errs, _, _ := s.Counts()
		got := "valid"
		if errs > 0 {
			got = "invalid"
		}
		if got != verdict {
			t.Errorf("%s: agentskills profile says %s, skills-ref says %s; findings: %v", dir, got, verdict, s.Diagnostics)
		}
	}
}

func readVerdicts(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("testdata/skills-ref-verdicts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(line)
		if len(fields) == 2 {
			out[fields[1]] = fields[0]
		}
	}
	return out
}

// TestProfilesOnCorpus: profile all is tolerant — no corpus skill that the
// reference validator accepts gets an error, and fields outside the open
// standard (user-invocable, effort, quiz, skillli fields) are not errors.
func TestProfileAllToleratesKnownFields(t *testing.T) {
	pureCPUUnderRace(t) // one Load after another
	fsys, dirs := corpusSkills(t)
	for _, dir := range dirs {
		s := Load(fsys, dir, model.Options{})
		for _, d := range s.Diagnostics {
			if d.Rule == "skillmd/unknown-field" && d.Severity != model.SeverityInfo {
				t.Errorf("%s: profile all reports a field every corpus skill's agent knows: %v", dir, d)
			}
		}
	}
}
