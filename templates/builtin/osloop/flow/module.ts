// A flow skill: deterministic steps the runtime can pause and resume. It
// reports progress and asks the user through host.run (never through
// prompt text), and checkpoints after every step so a reload or a closed
// tab resumes where it stopped. The runtime owns the run's state; the
// skill only says where it is.

interface StepAnswer {
  outcome: 'done' | 'skip';
  reason?: string;
}

interface Checkpoint {
  currentStep: number;
  done: string[];
  skipped: Array<{ step: string; reason: string }>;
}

interface SkillHostCapabilities {
  run: {
    updateProgress(p: { phase: string; step: number; percent: number; message: string }): void;
    createCheckpoint(snapshot: Record<string, unknown>): Promise<void>;
    latestCheckpoint?(): Promise<{ runStateSnapshot: Record<string, unknown> } | null>;
    requestUserInput(req: { title: string; message: string; inputSchema: Record<string, unknown> }): Promise<unknown>;
  };
  storage: {
    get(key: string): Promise<unknown>;
    set(key: string, value: unknown): Promise<void>;
  };
  [key: string]: unknown;
}

async function resumeFrom(host: SkillHostCapabilities): Promise<Checkpoint> {
  const latest = host.run.latestCheckpoint ? await host.run.latestCheckpoint() : null;
  const snap = latest?.runStateSnapshot as Checkpoint | undefined;
  return snap && typeof snap.currentStep === 'number' ? snap : { currentStep: 0, done: [], skipped: [] };
}

export async function execute(
  args: Record<string, unknown>,
  host: SkillHostCapabilities,
): Promise<{ done: string[]; skipped: Array<{ step: string; reason: string }> }> {
  if (!Array.isArray(args.steps) || args.steps.length === 0) {
    throw new Error('steps must be a non-empty list of instructions');
  }
  const steps = args.steps.map(String);
  const settings = ((await host.storage.get('settings')) ?? {}) as { allowSkipping?: boolean };
  const choices = settings.allowSkipping === false ? ['done'] : ['done', 'skip'];
  const state = await resumeFrom(host);

  for (let i = state.currentStep; i < steps.length; i++) {
    host.run.updateProgress({
      phase: 'checklist',
      step: i + 1,
      percent: Math.round((i / steps.length) * 100),
      message: steps[i],
    });
    const answer = (await host.run.requestUserInput({
      title: `Step ${i + 1} of ${steps.length}`,
      message: steps[i],
      inputSchema: {
        type: 'object',
        properties: {
          outcome: { type: 'string', enum: choices },
          reason: { type: 'string', description: 'Why the step was skipped' },
        },
        required: ['outcome'],
      },
    })) as StepAnswer;
    if (answer.outcome === 'skip') {
      state.skipped.push({ step: steps[i], reason: answer.reason ?? 'no reason given' });
    } else {
      state.done.push(steps[i]);
    }
    state.currentStep = i + 1;
    await host.run.createCheckpoint({ ...state });
  }
  host.run.updateProgress({ phase: 'checklist', step: steps.length, percent: 100, message: 'finished' });
  return { done: state.done, skipped: state.skipped };
}

// onConfigure receives the settings a user saved against config-schema.json.
export async function onConfigure(config: Record<string, unknown>, host: SkillHostCapabilities): Promise<void> {
  await host.storage.set('settings', { allowSkipping: config.allowSkipping !== false });
}
