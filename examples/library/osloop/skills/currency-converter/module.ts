interface SkillHostCapabilities {
  network: { fetch(url: string, init?: RequestInit): Promise<Response> };
  storage: {
    get(key: string): Promise<unknown>;
    set(key: string, value: unknown): Promise<void>;
  };
  log: { info(msg: string, data?: Record<string, unknown>): void };
  [key: string]: unknown;
}

interface Conversion {
  currency: string;
  rate: number;
  amount: number;
}

interface RatesResponse {
  amount: number;
  base: string;
  date: string;
  rates: Record<string, number>;
}

const API = 'https://api.frankfurter.dev/v1';

// Currencies whose minor unit is not two decimals (ISO 4217). Everything
// else rounds to cents.
const MINOR_UNITS: Record<string, number> = { JPY: 0, KRW: 0, ISK: 0, HUF: 2, KWD: 3, BHD: 3 };

function round(amount: number, currency: string): number {
  const digits = MINOR_UNITS[currency] ?? 2;
  const f = 10 ** digits;
  return Math.round(amount * f) / f;
}

function checkCode(code: unknown, field: string): string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) {
    throw new Error(`${field} must be an ISO 4217 code such as "EUR", got ${JSON.stringify(code)}`);
  }
  return code;
}

async function loadRates(host: SkillHostCapabilities, from: string, date: string): Promise<RatesResponse> {
  const cacheKey = `rates:${from}:${date}`;
  const cached = (await host.storage.get(cacheKey)) as RatesResponse | undefined;
  if (cached && date !== 'latest') {
    return cached;
  }
  const response = await host.network.fetch(`${API}/${date}?base=${from}`, { method: 'GET' });
  if (response.status === 404) {
    throw new Error(`No ECB rates for ${from} on ${date}: the ECB publishes about 30 currencies`);
  }
  if (!response.ok) {
    throw new Error(`Frankfurter API answered HTTP ${response.status}`);
  }
  const body = (await response.json()) as RatesResponse;
  await host.storage.set(cacheKey, body);
  return body;
}

export async function execute(
  args: Record<string, unknown>,
  host: SkillHostCapabilities,
): Promise<{ rateDate: string; from: string; amount: number; conversions: Conversion[] }> {
  const amount = args.amount as number;
  if (typeof amount !== 'number' || !(amount > 0)) {
    throw new Error('amount must be a positive number in major units');
  }
  const from = checkCode(args.from, 'from');
  const to = (args.to as unknown[]).map((c, i) => checkCode(c, `to[${i}]`));
  const date = (args.date as string | undefined) ?? 'latest';
  if (date !== 'latest' && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new Error(`date must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  }

  const rates = await loadRates(host, from, date);
  host.log.info('Rates loaded', { base: rates.base, date: rates.date });

  const conversions = to.map((currency) => {
    if (currency === from) {
      return { currency, rate: 1, amount: round(amount, currency) };
    }
    const rate = rates.rates[currency];
    if (rate === undefined) {
      throw new Error(`The ECB publishes no ${currency} rate; supported: ${Object.keys(rates.rates).join(', ')}`);
    }
    return { currency, rate, amount: round(amount * rate, currency) };
  });

  return { rateDate: rates.date, from, amount, conversions };
}
