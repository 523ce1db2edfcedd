// A workspace-aware declarative skill: one call in, one result out, and
// the notes it keeps live in the active workspace when there is one
// (workspaceSupport "optional"), else in the skill's own storage. The
// workspace state's shape is versioned as workspaceSchemaVersion 1.0.0.

interface Note {
  text: string;
  tags: string[];
  createdAt: string;
}

// Workspace state, workspaceSchemaVersion 1.0.0. Bump the version in
// manifest.json when this shape changes, and migrate in execute.
interface NotesState {
  schema: '1.0.0';
  notes: Note[];
}

interface SkillHostCapabilities {
  storage: {
    get(key: string): Promise<unknown>;
    set(key: string, value: unknown): Promise<void>;
    delete(key: string): Promise<void>;
  };
  workspace?: {
    getState(): Promise<Record<string, unknown> | null>;
    setState(state: Record<string, unknown>): Promise<void>;
  };
  [key: string]: unknown;
}

function asState(value: unknown): NotesState {
  const v = value as Partial<NotesState> | null;
  return v && Array.isArray(v.notes) ? { schema: '1.0.0', notes: v.notes } : { schema: '1.0.0', notes: [] };
}

export async function execute(
  args: Record<string, unknown>,
  host: SkillHostCapabilities,
): Promise<{ count: number; storedIn: 'workspace' | 'storage' }> {
  if (typeof args.note !== 'string' || args.note.trim() === '') {
    throw new Error('note must be a non-empty string');
  }
  const tags = Array.isArray(args.tags) ? args.tags.map(String) : [];
  const note: Note = { text: args.note, tags, createdAt: new Date().toISOString() };
  const settings = ((await host.storage.get('settings')) ?? {}) as { maxNotes?: number };
  const maxNotes = settings.maxNotes ?? 500;

  if (host.workspace) {
    const state = asState(await host.workspace.getState());
    state.notes = [...state.notes, note].slice(-maxNotes);
    await host.workspace.setState({ ...state });
    return { count: state.notes.length, storedIn: 'workspace' };
  }
  const state = asState(await host.storage.get('notes'));
  state.notes = [...state.notes, note].slice(-maxNotes);
  await host.storage.set('notes', state);
  return { count: state.notes.length, storedIn: 'storage' };
}

// onConfigure receives the settings a user saved against config-schema.json.
export async function onConfigure(config: Record<string, unknown>, host: SkillHostCapabilities): Promise<void> {
  const maxNotes = Number(config.maxNotes ?? 500);
  if (!Number.isInteger(maxNotes) || maxNotes < 10 || maxNotes > 10000) {
    throw new Error('maxNotes must be a whole number from 10 to 10000');
  }
  await host.storage.set('settings', { maxNotes });
}

// onUninstall removes what the skill kept outside any workspace; workspace
// state belongs to the workspace and the runtime archives it.
export async function onUninstall(host: SkillHostCapabilities): Promise<void> {
  await host.storage.delete('notes');
  await host.storage.delete('settings');
}
