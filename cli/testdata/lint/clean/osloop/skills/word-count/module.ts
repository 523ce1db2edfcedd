/** Counts whitespace-separated words. */
export async function execute(
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const text = typeof args.text === "string" ? args.text : "";
  const words = text.split(/\s+/).filter((w) => w.length > 0).length;
  return { words };
}
