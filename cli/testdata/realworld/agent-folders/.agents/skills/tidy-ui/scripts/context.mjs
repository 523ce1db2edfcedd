import { existsSync, readFileSync } from "node:fs";
// Prints the product notes the skill works from, or a marker when absent.
const file = "PRODUCT.md";
if (existsSync(file)) {
  process.stdout.write(readFileSync(file, "utf8"));
} else {
  console.log("NO_PRODUCT_NOTES");
}
