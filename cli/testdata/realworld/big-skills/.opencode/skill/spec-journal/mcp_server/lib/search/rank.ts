export function rank(xs: string[]): string[] { return [...xs].sort(); }
