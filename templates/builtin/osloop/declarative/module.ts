// A declarative skill: one call in, one result out. The runtime calls
// execute with args matching inputSchema; what it returns must match
// outputSchema. Replace the measuring with your skill's work.

interface SkillHostCapabilities {
  storage: {
    get(key: string): Promise<unknown>;
    set(key: string, value: unknown): Promise<void>;
  };
  log: { info(msg: string, data?: Record<string, unknown>): void };
  [key: string]: unknown;
}

interface Settings {
  wordsPerMinute: number;
}

const DEFAULTS: Settings = { wordsPerMinute: 200 };

async function settings(host: SkillHostCapabilities): Promise<Settings> {
  const saved = (await host.storage.get('settings')) as Partial<Settings> | null;
  return { ...DEFAULTS, ...(saved ?? {}) };
}

export async function execute(
  args: Record<string, unknown>,
  host: SkillHostCapabilities,
): Promise<{ words: number; sentences: number; readingMinutes: number }> {
  if (typeof args.text !== 'string' || args.text.trim() === '') {
    throw new Error('text must be a non-empty string');
  }
  const text = args.text;
  const words = text.split(/\s+/).filter((w) => w !== '').length;
  const sentences = text.split(/[.!?]+(?:\s|$)/).filter((s) => s.trim() !== '').length;
  const { wordsPerMinute } = await settings(host);
  const readingMinutes = Math.round((words / wordsPerMinute) * 10) / 10;
  host.log.info('measured text', { words, sentences });
  return { words, sentences, readingMinutes };
}

// onConfigure receives the settings a user saved against config-schema.json.
export async function onConfigure(config: Record<string, unknown>, host: SkillHostCapabilities): Promise<void> {
  const pace = Number(config.wordsPerMinute ?? DEFAULTS.wordsPerMinute);
  if (!Number.isFinite(pace) || pace < 50 || pace > 1000) {
    throw new Error('wordsPerMinute must be a number from 50 to 1000');
  }
  await host.storage.set('settings', { wordsPerMinute: pace });
}
