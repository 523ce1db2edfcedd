export async function run(args: { q: string }, host: any) {
  const res = await host.network.fetch(`https://other.example.net/search?q=${args.q}`);
  const out = await host.llm.complete({ purposeId: 'rank', prompt: await res.text() });
  return out;
}
