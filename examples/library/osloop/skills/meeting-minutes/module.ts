interface LlmRequest {
  purposeId: string;
  systemPrompt: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  temperature?: number;
  maxTokens?: number;
}

interface SkillHostCapabilities {
  llm: { complete(req: LlmRequest): Promise<{ text: string }> };
  run: {
    updateProgress(p: { phase: string; step: number; percent: number; message: string }): void;
    createCheckpoint(snapshot: Record<string, unknown>): Promise<void>;
    requestUserInput(req: { title: string; message: string; inputSchema: Record<string, unknown> }): Promise<unknown>;
  };
  workspace?: {
    getState(): Promise<Record<string, unknown> | null>;
    setState(state: Record<string, unknown>): Promise<void>;
  };
  log: { info(msg: string, data?: Record<string, unknown>): void; warn(msg: string, data?: Record<string, unknown>): void };
  [key: string]: unknown;
}

interface ActionItem {
  task: string;
  owner: string;
  due: string | null;
}

interface Extracted {
  summary: string;
  decisions: string[];
  actionItems: ActionItem[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseExtraction(text: string): Extracted {
  // The model is asked for bare JSON; tolerate a fenced block around it.
  const json = text.replace(/^```(?:json)?\s*/, '').replace(/```\s*$/, '');
  const value = JSON.parse(json) as Extracted;
  if (!Array.isArray(value.actionItems) || !Array.isArray(value.decisions)) {
    throw new Error('extraction did not return { summary, decisions, actionItems }');
  }
  value.actionItems = value.actionItems.map((a) => ({
    task: String(a.task),
    owner: String(a.owner || 'unassigned'),
    due: typeof a.due === 'string' && ISO_DATE.test(a.due) ? a.due : null,
  }));
  return value;
}

export async function execute(
  args: Record<string, unknown>,
  host: SkillHostCapabilities,
): Promise<{ minutes: string; actionItems: ActionItem[] }> {
  const title = String(args.title);
  const date = String(args.date);
  const transcript = String(args.transcript);
  if (!ISO_DATE.test(date)) {
    throw new Error(`date must be YYYY-MM-DD, got ${JSON.stringify(args.date)}`);
  }

  // Step 1: extract decisions and action items.
  host.run.updateProgress({ phase: 'extract', step: 1, percent: 10, message: 'Reading the transcript' });
  const extraction = await host.llm.complete({
    purposeId: 'extract-action-items',
    systemPrompt:
      'From the meeting transcript, return JSON only: {"summary": string, "decisions": string[], ' +
      '"actionItems": [{"task": string, "owner": string, "due": "YYYY-MM-DD" | null}]}. ' +
      'Owners are the people who agreed to do the task. Never invent a due date.',
    messages: [{ role: 'user', content: transcript.slice(0, 40_000) }],
    temperature: 0,
    maxTokens: 1500,
  });
  const found = parseExtraction(extraction.text);
  await host.run.createCheckpoint({ currentPhase: 'extract', currentStep: 1, found });

  // Step 2: the user confirms owners and due dates; the model often guesses.
  host.run.updateProgress({ phase: 'confirm', step: 2, percent: 50, message: 'Waiting for the owners to be confirmed' });
  const answer = (await host.run.requestUserInput({
    title: `Confirm action items for “${title}”`,
    message: 'Correct owners and due dates (YYYY-MM-DD), or remove items that are not real.',
    inputSchema: {
      type: 'object',
      properties: {
        actionItems: {
          type: 'array',
          default: found.actionItems,
          items: {
            type: 'object',
            properties: {
              task: { type: 'string' },
              owner: { type: 'string' },
              due: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
            },
            required: ['task', 'owner'],
          },
        },
      },
      required: ['actionItems'],
    },
  })) as { actionItems?: ActionItem[] } | null;
  const actionItems = (answer?.actionItems ?? found.actionItems).map((a) => ({
    task: a.task,
    owner: a.owner,
    due: a.due && ISO_DATE.test(a.due) ? a.due : null,
  }));
  await host.run.createCheckpoint({ currentPhase: 'confirm', currentStep: 2, actionItems });

  // Step 3: write the minutes.
  host.run.updateProgress({ phase: 'draft', step: 3, percent: 80, message: 'Writing the minutes' });
  const draft = await host.llm.complete({
    purposeId: 'draft-minutes',
    systemPrompt:
      'Write meeting minutes in Markdown with the sections Summary, Decisions and Action items. ' +
      'Use only the facts given. Action items are a table: task, owner, due.',
    messages: [
      {
        role: 'user',
        content: JSON.stringify({ title, date, summary: found.summary, decisions: found.decisions, actionItems }),
      },
    ],
    temperature: 0.4,
    maxTokens: 1200,
  });
  const minutes = `# ${title} (${date})\n\n${draft.text.trim()}\n`;

  // Optional workspace: keep a running list of minutes across meetings.
  if (host.workspace) {
    const state = (await host.workspace.getState()) ?? {};
    const history = Array.isArray(state.meetings) ? state.meetings : [];
    await host.workspace.setState({ ...state, meetings: [...history, { title, date, actionItems }] });
  }

  host.run.updateProgress({ phase: 'done', step: 3, percent: 100, message: 'Minutes ready' });
  host.log.info('Minutes written', { title, items: actionItems.length });
  return { minutes, actionItems };
}
