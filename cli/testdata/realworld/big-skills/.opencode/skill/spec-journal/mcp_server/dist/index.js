export function start() { console.log(["a"].sort()); }
