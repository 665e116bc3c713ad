import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { PeriodicTask } from '../pipeline/periodic-task.js';
import { CommissionInvoicesService } from './commission-invoices.service.js';
import { StatementsService } from './statements.service.js';

/** What one pass did. */
export interface StatementSweepPass {
  statements: number;
  statementsMailed: number;
  commissionInvoices: number;
  commissionInvoicesRendered: number;
  commissionInvoicesMailed: number;
}

/**
 * The statements' clock (docs/payouts.md): at boot and then every STATEMENT_SWEEP_MS (an hour), makes and mails the
 * sellers' weekly statements that are due, then issues, renders and mails Mandi's monthly commission invoices. No job
 * carries them: every replica sweeps, and every write is conditional or unique, so each statement and invoice is made,
 * numbered and mailed once however many replicas run.
 */
@Injectable()
export class StatementsSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StatementsSweep.name);
  private readonly task: PeriodicTask<StatementSweepPass>;

  constructor(
    private readonly statements: StatementsService,
    private readonly commissionInvoices: CommissionInvoicesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.task = new PeriodicTask({
      everyMs: config.STATEMENT_SWEEP_MS,
      atStart: true,
      pass: () => this.sweepOnce(),
      report: (pass) => {
        if (Object.values(pass).some((count) => count > 0)) this.logger.log({ msg: 'statements sweep', ...pass });
      },
      logger: this.logger,
      failure: 'statements sweep failed; the next one tries again',
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.STATEMENT_SWEEP_MS > 0) this.task.start();
  }

  /** Stops sweeping and waits for a pass in flight. */
  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** One pass: statements first, then commission invoices, each step of each to the end. */
  async sweepOnce(): Promise<StatementSweepPass> {
    const statements = await this.statements.makeDue();
    const statementsMailed = await this.statements.mailDue();
    const commissionInvoices = await this.commissionInvoices.issueDue();
    const commissionInvoicesRendered = await this.commissionInvoices.renderDue();
    const commissionInvoicesMailed = await this.commissionInvoices.mailDue();
    return { statements, statementsMailed, commissionInvoices, commissionInvoicesRendered, commissionInvoicesMailed };
  }
}
