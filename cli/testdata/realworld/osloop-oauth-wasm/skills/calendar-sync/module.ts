import type { SkillHostCapabilities } from "@os-loop/skill-types";

interface Busy {
  start: string;
  end: string;
}

const MINUTE = 60_000;

export async function onInstall(host: SkillHostCapabilities): Promise<void> {
  host.log.info("calendar-sync installed");
}

export async function onConfigure(config: Record<string, unknown>, host: SkillHostCapabilities): Promise<void> {
  await host.storage.set("config", config);
}

export async function execute(args: Record<string, unknown>, host: SkillHostCapabilities): Promise<unknown> {
  const duration = Number(args.durationMinutes ?? 30) * MINUTE;
  const days = Number(args.withinDays ?? 7);
  if ((await host.oauth.authStatus("calendar")) !== "authorized") {
    await host.oauth.authorize("calendar");
  }
  const token = await host.oauth.getToken("calendar");
  const now = Date.now();
  const res = await host.network.fetch(
    `https://calendar.example.com/v3/freeBusy?from=${new Date(now).toISOString()}&days=${days}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  const busy = ((await res.json()) as { busy?: Busy[] }).busy ?? [];
  const slots: string[] = [];
  for (let t = now; t < now + days * 24 * 60 * MINUTE && slots.length < 10; t += 30 * MINUTE) {
    const clash = busy.some((b) => Date.parse(b.start) < t + duration && Date.parse(b.end) > t);
    if (!clash) slots.push(new Date(t).toISOString());
  }
  host.events.emitProgress(1, `${slots.length} free slots`);
  return { slots };
}
