// An agentic skill: a supervised loop the runtime runs inside a workspace,
// within the step budgets of agenticConfig. Each step drafts one section
// with host.llm (purpose "draft-section", declared in llmUsage), stores
// the document as a versioned workspace artifact, advances the phase and
// checkpoints, so the run can be paused, resumed or retried. State lives
// in the workspace (schema 1.0.0, below); run state is the runtime's.

interface LlmRequest {
  purposeId: string;
  systemPrompt: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  temperature?: number;
  maxTokens?: number;
}

// Workspace state, workspaceSchemaVersion 1.0.0. Bump the version in
// manifest.json when this shape changes, and migrate in execute.
interface DraftState {
  schema: '1.0.0';
  goal: string;
  sections: string[];
  written: Array<{ title: string; text: string }>;
  tone: string;
}

interface SkillHostCapabilities {
  llm: { complete(req: LlmRequest): Promise<{ text: string }> };
  run: {
    updateProgress(p: { phase: string; step: number; percent: number; message: string }): void;
    createCheckpoint(snapshot: Record<string, unknown>): Promise<void>;
  };
  storage: {
    get(key: string): Promise<unknown>;
    set(key: string, value: unknown): Promise<void>;
  };
  workspace: {
    getState(): Promise<Record<string, unknown> | null>;
    setState(state: Record<string, unknown>): Promise<void>;
    createArtifact(a: { type: string; title: string; content: string }): Promise<{ id: string }>;
    setPhase(phase: string): Promise<void>;
  };
  [key: string]: unknown;
}

// Steps this run may take before it hands back (the soft budget the
// manifest declares as defaultStepBudget).
const STEP_BUDGET = 12;

function startState(args: Record<string, unknown>, tone: string): DraftState {
  if (typeof args.goal !== 'string' || args.goal.trim() === '') {
    throw new Error('goal must be a non-empty string');
  }
  if (!Array.isArray(args.sections) || args.sections.length === 0) {
    throw new Error('sections must be a non-empty list of titles');
  }
  return { schema: '1.0.0', goal: args.goal, sections: args.sections.map(String), written: [], tone };
}

export async function execute(
  args: Record<string, unknown>,
  host: SkillHostCapabilities,
): Promise<{ artifactId: string; sectionsDrafted: number; complete: boolean }> {
  const saved = (await host.workspace.getState()) as Partial<DraftState> | null;
  const settings = ((await host.storage.get('settings')) ?? {}) as { tone?: string };
  const tone = settings.tone ?? 'plain';
  const state: DraftState =
    saved?.schema === '1.0.0' && Array.isArray(saved.written) && saved.goal === args.goal
      ? { ...(saved as DraftState), tone }
      : startState(args, tone);

  await host.workspace.setPhase('drafting');
  let drafted = 0;
  while (state.written.length < state.sections.length && drafted < STEP_BUDGET) {
    const title = state.sections[state.written.length];
    const done = state.written.length;
    host.run.updateProgress({
      phase: 'drafting',
      step: done + 1,
      percent: Math.round((done / state.sections.length) * 100),
      message: `Drafting "${title}"`,
    });
    const reply = await host.llm.complete({
      purposeId: 'draft-section',
      systemPrompt: `You write one section of a document in a ${state.tone} voice. Goal: ${state.goal}`,
      messages: [{ role: 'user', content: `Write the section "${title}". Sections so far: ${state.written.map((w) => w.title).join(', ') || 'none'}.` }],
      temperature: 0.4,
      maxTokens: 800,
    });
    state.written.push({ title, text: reply.text.trim() });
    drafted++;
    await host.workspace.setState({ ...state });
    await host.run.createCheckpoint({ currentPhase: 'drafting', currentStep: state.written.length });
  }

  const complete = state.written.length === state.sections.length;
  const document = state.written.map((w) => `## ${w.title}\n\n${w.text}`).join('\n\n');
  const artifact = await host.workspace.createArtifact({ type: 'document', title: state.goal, content: document });
  await host.workspace.setPhase(complete ? 'review' : 'drafting');
  return { artifactId: artifact.id, sectionsDrafted: drafted, complete };
}

// onConfigure receives the settings a user saved against config-schema.json;
// the next run drafts in the chosen tone.
export async function onConfigure(config: Record<string, unknown>, host: SkillHostCapabilities): Promise<void> {
  const tone = String(config.tone ?? 'plain');
  if (!['plain', 'formal', 'friendly'].includes(tone)) {
    throw new Error('tone must be plain, formal or friendly');
  }
  await host.storage.set('settings', { tone });
}
