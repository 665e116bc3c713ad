import { createRequire } from 'node:module';
import { Injectable } from '@nestjs/common';

const require = createRequire(import.meta.url);

/** The parts of Razorpay's `ifsc` package read here: its offline validator and its two tables. */
interface IfscPackage {
  validate(code: string): boolean;
}

/**
 * Razorpay's offline IFSC directory (the `ifsc` package, built from RBI's lists of every bank branch): whether a
 * branch has an IFSC, and the bank it belongs to. A sublet code (a small bank's branch numbered in a larger bank's
 * range) names the bank that actually holds the account. Read on first use, not at boot: about 1 MB of JSON that
 * only the profile form needs. The package's online lookup (branch name and address) is never called.
 */
@Injectable()
export class IfscDirectory {
  private tables: { ifsc: IfscPackage; bankNames: Record<string, string>; sublets: Record<string, string> } | undefined;

  /** The bank that an existing branch's IFSC names ('State Bank of India'), or null when no branch has it. */
  bankOf(ifsc: string): string | null {
    this.tables ??= {
      ifsc: require('ifsc') as IfscPackage,
      bankNames: require('ifsc/src/banknames.json') as Record<string, string>,
      sublets: require('ifsc/src/sublet.json') as Record<string, string>,
    };
    const { ifsc: directory, bankNames, sublets } = this.tables;
    if (!directory.validate(ifsc)) return null;
    const bank = sublets[ifsc] ?? ifsc.slice(0, 4);
    return bankNames[bank] ?? bank;
  }
}
