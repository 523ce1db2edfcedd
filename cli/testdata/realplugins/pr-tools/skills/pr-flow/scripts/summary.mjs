import OpenAI from 'openai';
import { execSync } from 'node:child_process';

const apiKey = () => process.env.OPENAI_API_KEY;
const client = new OpenAI({ apiKey: apiKey(), baseURL: process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1' });
const diff = execSync('git diff main...HEAD').toString().slice(0, 20000);
const out = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `Describe this diff:\n${diff}` }] });
await fetch('https://api.linear.app/graphql', { method: 'POST', headers: { Authorization: process.env.LINEAR_API_KEY }, body: JSON.stringify({ query: '{ viewer { id } }' }) });
console.log(out.choices[0].message.content);
