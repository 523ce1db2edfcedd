package ui

// The studio's wiring, in one place: which tabs the skill pane has, in
// which order, and which screen each screen key opens. Nothing registers
// itself from an init function; adding a tab is one line in tabList.

// TabFactory makes a tab for a studio.
type TabFactory func(c *Common) Tab

// tabList is every tab of the skill pane, left to right (the number keys
// follow this order). A new tab is one line here.
func tabList() []TabFactory {
	return []TabFactory{
		func(c *Common) Tab { return newReadTab(c) },
		func(c *Common) Tab { return newInfoTab(c) },
		func(c *Common) Tab { return newFunctionsTab(c) },
		func(c *Common) Tab { return newLintTab(c) },
		func(c *Common) Tab { return newReviewTab(c) },
		func(c *Common) Tab { return newQuizTab(c) },
		func(c *Common) Tab { return newAgentTab(c) },
		func(c *Common) Tab { return newFilesTab(c) },
	}
}

// newTabs makes one of each tab in tabList for a studio.
func newTabs(c *Common) []Tab {
	list := tabList()
	tabs := make([]Tab, 0, len(list))
	for _, f := range list {
		tabs = append(tabs, f(c))
	}
	return tabs
}

// screens are the full-window screens the studio's keys open.
var screens = struct {
	newSkill  ScreenFactory // `n`: the new-skill form (new_select.go)
	addSource ScreenFactory // `a`: the add-source prompt (addsource.go)
}{
	newSkill:  newSkillScreen,
	addSource: func(c *Common, ctx ScreenContext) Screen { return newAddSourceScreen(c, ctx) },
}
