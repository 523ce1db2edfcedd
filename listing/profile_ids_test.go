package listing

import (
	"slices"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestAgentIDsMatchModel: config checks `agents:` against model.AgentIDs
// (it cannot import this package); the two lists must stay one.
func TestAgentIDsMatchModel(t *testing.T) {
	if got, want := AgentIDs(), model.AgentIDs(); !slices.Equal(got, want) {
		t.Fatalf("listing profiles %v, model.AgentIDs %v", got, want)
	}
}
