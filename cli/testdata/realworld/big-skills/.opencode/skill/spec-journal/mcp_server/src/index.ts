import { rank } from "../lib/search/rank.js";
export function start(): void { console.log(rank(["a"])); }
