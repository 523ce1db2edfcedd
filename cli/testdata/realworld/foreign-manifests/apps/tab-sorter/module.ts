export function groupBySite(urls: string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const u of urls) {
    const host = new URL(u).host;
    groups.set(host, [...(groups.get(host) ?? []), u]);
  }
  return groups;
}
