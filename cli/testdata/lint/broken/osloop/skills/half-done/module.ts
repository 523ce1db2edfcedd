export async function execute(): Promise<Record<string, unknown>> {
  return {};
}
