// Runs commands on the user's machine through the OS Loop Bridge; every
// request may be rejected and the rejection is shown, never retried.
interface BridgeResult {
  accepted: boolean;
  runId?: string;
  reason?: { code: string; message: string };
}

async function bridgeExec(host: any, command: string, args: string[], cwd: string, reason: string): Promise<BridgeResult> {
  return host.bridge.execute({
    command,
    args,
    commandTemplate: command,
    argsTemplate: args,
    workingDirectory: cwd,
    workingDirectoryTemplate: "{directory}",
    reason,
    requestId: `${host.executionId}-${command}`,
    timeoutMs: 300000,
    context: { source: "skill", skillId: host.skillId, taskId: host.executionId, runId: host.runId },
  });
}

export async function execute(args: Record<string, unknown>, host: any) {
  const template = String(args.template);
  const directory = String(args.directory);
  const meta = await host.network.fetch(`https://api.github.com/repos/${new URL(template).pathname.slice(1)}`);
  if (!meta.ok) throw new Error(`template lookup failed: ${meta.status}`);
  const steps: Array<[string, string[], string]> = [
    ["git", ["clone", "--depth=1", template, directory], "Clone the template"],
    ["make", ["bootstrap"], "Install the toolchain the template pins"],
    ["make", ["build"], "First build"],
  ];
  let log = "";
  for (const [i, [cmd, cmdArgs, why]] of steps.entries()) {
    await host.run.updateProgress({ phase: "bootstrap", step: i + 1, percent: Math.round((i / steps.length) * 100), message: why });
    const r = await bridgeExec(host, cmd, cmdArgs, i === 0 ? "." : directory, why);
    if (!r.accepted) {
      return { ok: false, log: `${log}\n${cmd} rejected: ${r.reason?.code} ${r.reason?.message}` };
    }
    log += `\n${cmd} ${cmdArgs.join(" ")}: started ${r.runId}`;
    await host.run.createCheckpoint();
  }
  return { ok: true, log };
}
