import History from '@mui/icons-material/History';
import { lazy } from 'react';

// Loaded when the tab is opened (docs/console.md, Size).
const AuditList = lazy(async () => ({ default: (await import('./audit-list')).AuditList }));

/** The Audit trail resource of the console. */
export default { list: AuditList, icon: History, options: { label: 'Audit trail' } };
