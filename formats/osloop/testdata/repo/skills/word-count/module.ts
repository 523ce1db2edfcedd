// A fixture written for skillstudio's tests: small, but it uses each fact
// the linter reads (exports, host.llm, host.network, a tool handler, a hook).
interface Host {
  llm: { complete(req: { purposeId: 'describe-tone' | 'other'; prompt: string }): Promise<{ text: string }> };
  network: { fetch(url: string): Promise<{ text(): Promise<string> }> };
  log: { info(msg: string): void };
}

type Unit = 'words' | 'lines' | 'chars';

const splitWords = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

export function countWords(args: { text: string }): { words: number } {
  return { words: splitWords(args.text).length };
}

export async function onInstall(host: Host): Promise<void> {
  host.log.info('word-count installed');
}

export async function execute(
  args: { text?: string; page?: string; unit: Unit },
  host: Host,
): Promise<{ count: number; tone?: string }> {
  let text = args.text ?? '';
  if (args.page) {
    const res = await host.network.fetch(`https://docs.example.org/${args.page}`);
    text = await res.text();
  }
  const count = args.unit === 'lines' ? text.split('\n').length
    : args.unit === 'chars' ? [...text].length
    : splitWords(text).length;
  const tone = await host.llm.complete({ purposeId: 'describe-tone', prompt: text.slice(0, 2000) });
  return { count, tone: tone.text.trim() };
}
