export async function execute(args: { currency?: string }, host: any) {
  const currency = args.currency ?? "EUR";
  const { filesystem, workspace, run } = host;
  await run.updateProgress({ phase: "pick", step: 1, percent: 0, message: "Choose invoices" });
  const handles: string[] = await filesystem.openFile();
  const artifacts: string[] = [];
  for (const [i, handleId] of handles.entries()) {
    const bytes = await filesystem.readFile(handleId);
    const fields = await host["llm"].complete({
      purposeId: "invoice-fields",
      messages: [{ role: "user", content: `Extract supplier, date (YYYY-MM-DD), lines, net, VAT and total in ${currency} as JSON.` }],
      attachments: [{ bytes, mimeType: "application/pdf" }],
    });
    const artifact = await workspace.createArtifact({ type: "invoice", title: `Invoice ${i + 1}`, content: fields.text, status: "draft" });
    artifacts.push(artifact.id);
    await run.createCheckpoint();
  }
  if (artifacts.length === 0) {
    const answer = await run.requestUserInput({ title: "No invoices", message: "Pick at least one PDF?", inputSchema: { type: "object", properties: { retry: { type: "boolean" } } } });
    if (answer?.retry) return execute(args, host);
  }
  await workspace.setPhase("review");
  return { artifacts };
}

export async function reextract(args: { artifactId: string }, host: any) {
  const state = await host.workspace.getState();
  return { artifactId: args.artifactId, known: Boolean(state?.artifacts?.[args.artifactId]) };
}
