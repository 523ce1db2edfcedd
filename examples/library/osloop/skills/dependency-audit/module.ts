interface LlmRequest {
  purposeId: string;
  systemPrompt: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  temperature?: number;
  maxTokens?: number;
}

interface Artifact {
  type: string;
  title: string;
  content: string;
  status?: 'draft' | 'pending_approval';
}

interface SkillHostCapabilities {
  llm: { complete(req: LlmRequest): Promise<{ text: string }> };
  network: { fetch(url: string, init?: RequestInit): Promise<Response> };
  run: {
    updateProgress(p: { phase: string; step: number; percent: number; message: string }): void;
    createCheckpoint(snapshot: Record<string, unknown>): Promise<void>;
    getStepCount(): number;
    getStepBudget(): number | null;
  };
  workspace: {
    getState(): Promise<Record<string, unknown> | null>;
    setState(state: Record<string, unknown>): Promise<void>;
    createArtifact(artifact: Artifact): Promise<{ id: string }>;
    setPhase(phase: string): Promise<void>;
    setRole(role: string): Promise<void>;
  };
  log: { info(msg: string, data?: Record<string, unknown>): void; warn(msg: string, data?: Record<string, unknown>): void };
  [key: string]: unknown;
}

interface Pkg {
  name: string;
  version: string;
}

interface Finding {
  package: string;
  version: string;
  advisory: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'unknown';
  verdict: 'fix-now' | 'schedule' | 'not-affected';
  fixedIn: string | null;
  reason: string;
}

interface OsvVuln {
  id: string;
  summary?: string;
  details?: string;
  database_specific?: { severity?: string };
  affected?: Array<{ package?: { name?: string }; ranges?: Array<{ events?: Array<{ fixed?: string }> }> }>;
}

const OSV = 'https://api.osv.dev/v1';
const BATCH = 1000; // OSV's documented querybatch limit

function severityOf(v: OsvVuln): Finding['severity'] {
  const s = (v.database_specific?.severity ?? '').toLowerCase();
  if (s === 'critical' || s === 'high' || s === 'low') return s;
  if (s === 'moderate' || s === 'medium') return 'medium';
  return 'unknown';
}

function fixedIn(v: OsvVuln, name: string): string | null {
  for (const a of v.affected ?? []) {
    if (a.package?.name !== name) continue;
    for (const r of a.ranges ?? []) {
      for (const e of r.events ?? []) {
        if (e.fixed) return e.fixed;
      }
    }
  }
  return null;
}

async function queryBatch(host: SkillHostCapabilities, ecosystem: string, pkgs: Pkg[]): Promise<string[][]> {
  const ids: string[][] = [];
  for (let i = 0; i < pkgs.length; i += BATCH) {
    const slice = pkgs.slice(i, i + BATCH);
    const response = await host.network.fetch(`${OSV}/querybatch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        queries: slice.map((p) => ({ package: { name: p.name, ecosystem }, version: p.version })),
      }),
    });
    if (!response.ok) throw new Error(`OSV querybatch answered HTTP ${response.status}`);
    const body = (await response.json()) as { results: Array<{ vulns?: Array<{ id: string }> }> };
    for (const r of body.results) ids.push((r.vulns ?? []).map((v) => v.id));
  }
  return ids;
}

async function triage(host: SkillHostCapabilities, pkg: Pkg, vuln: OsvVuln, usageNotes: string): Promise<Pick<Finding, 'verdict' | 'reason'>> {
  const result = await host.llm.complete({
    purposeId: 'triage-advisory',
    systemPrompt:
      'You triage one security advisory for one dependency. Answer JSON only: ' +
      '{"verdict": "fix-now" | "schedule" | "not-affected", "reason": string (one sentence)}. ' +
      'Use "not-affected" only when the usage notes rule out the vulnerable code path.',
    messages: [
      {
        role: 'user',
        content: JSON.stringify({
          package: pkg,
          advisory: { id: vuln.id, summary: vuln.summary, details: (vuln.details ?? '').slice(0, 4000) },
          usageNotes,
        }),
      },
    ],
    temperature: 0.1,
    maxTokens: 200,
  });
  const parsed = JSON.parse(result.text) as { verdict?: string; reason?: string };
  const verdict = parsed.verdict === 'not-affected' || parsed.verdict === 'schedule' ? parsed.verdict : 'fix-now';
  return { verdict, reason: String(parsed.reason ?? '') };
}

export async function execute(
  args: Record<string, unknown>,
  host: SkillHostCapabilities,
): Promise<{ artifactId: string; scanned: number; vulnerable: number; findings: Finding[]; stoppedEarly: boolean }> {
  const ecosystem = String(args.ecosystem);
  const packages = args.packages as Pkg[];
  const usageNotes = String(args.usageNotes ?? 'No usage notes given; assume every code path is reachable.');

  // Phase 1 (role: scanner): which packages have advisories at all?
  await host.workspace.setPhase('scan');
  await host.workspace.setRole('scanner');
  host.run.updateProgress({ phase: 'scan', step: 1, percent: 5, message: `Looking up ${packages.length} packages in OSV` });
  const idsPerPackage = await queryBatch(host, ecosystem, packages);
  const hits = packages.flatMap((pkg, i) => idsPerPackage[i].map((id) => ({ pkg, id })));
  await host.run.createCheckpoint({ currentPhase: 'scan', currentStep: 1, hits });

  // Phase 2 (role: triager): one advisory per step, within the budget.
  await host.workspace.setPhase('triage');
  await host.workspace.setRole('triager');
  const budget = host.run.getStepBudget();
  const findings: Finding[] = [];
  let stoppedEarly = false;
  for (const [n, { pkg, id }] of hits.entries()) {
    if (budget !== null && host.run.getStepCount() >= budget - 1) {
      stoppedEarly = true;
      host.log.warn('Step budget reached; remaining advisories are left for the next run', { remaining: hits.length - n });
      break;
    }
    const response = await host.network.fetch(`${OSV}/vulns/${encodeURIComponent(id)}`, { method: 'GET' });
    if (!response.ok) throw new Error(`OSV vulns/${id} answered HTTP ${response.status}`);
    const vuln = (await response.json()) as OsvVuln;
    const { verdict, reason } = await triage(host, pkg, vuln, usageNotes);
    findings.push({
      package: pkg.name,
      version: pkg.version,
      advisory: id,
      severity: severityOf(vuln),
      verdict,
      fixedIn: fixedIn(vuln, pkg.name),
      reason,
    });
    host.run.updateProgress({
      phase: 'triage',
      step: 2 + n,
      percent: 10 + Math.round((80 * (n + 1)) / Math.max(hits.length, 1)),
      message: `Triaged ${id} (${pkg.name}@${pkg.version})`,
    });
    await host.run.createCheckpoint({ currentPhase: 'triage', currentStep: 2 + n, findings });
  }

  // Phase 3 (role: reporter): a report artifact the user approves.
  await host.workspace.setPhase('report');
  await host.workspace.setRole('reporter');
  const summary = await host.llm.complete({
    purposeId: 'summarize-audit',
    systemPrompt: 'Summarise a dependency audit for an engineering lead in at most five sentences. Lead with what must be fixed now.',
    messages: [{ role: 'user', content: JSON.stringify({ ecosystem, scanned: packages.length, findings, stoppedEarly }) }],
    temperature: 0.3,
    maxTokens: 400,
  });
  const rows = findings
    .map((f) => `| ${f.package}@${f.version} | ${f.advisory} | ${f.severity} | ${f.verdict} | ${f.fixedIn ?? '—'} |`)
    .join('\n');
  const artifact = await host.workspace.createArtifact({
    type: 'dependency-audit-report',
    title: `${ecosystem} dependency audit`,
    status: 'pending_approval',
    content: `${summary.text.trim()}\n\n| Package | Advisory | Severity | Verdict | Fixed in |\n|---|---|---|---|---|\n${rows}\n`,
  });

  const state = (await host.workspace.getState()) ?? {};
  await host.workspace.setState({ ...state, lastAudit: { ecosystem, artifactId: artifact.id, findings: findings.length } });
  host.run.updateProgress({ phase: 'report', step: 2 + hits.length, percent: 100, message: 'Report ready for approval' });

  const vulnerable = new Set(findings.map((f) => f.package)).size;
  return { artifactId: artifact.id, scanned: packages.length, vulnerable, findings, stoppedEarly };
}
