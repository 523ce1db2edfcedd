interface Input {
  text: string;
  wordsPerMinute?: number;
}

export async function execute(args: Input): Promise<{ words: number; sentences: number; readingMinutes: number }> {
  const words = args.text.split(/\s+/).filter(Boolean).length;
  const sentences = args.text.split(/[.!?]+/).filter((s) => s.trim() !== '').length;
  const wpm = args.wordsPerMinute ?? 230;
  return { words, sentences, readingMinutes: Math.ceil((words / wpm) * 2) / 2 };
}
