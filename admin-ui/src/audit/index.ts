import History from '@mui/icons-material/History';
import { AuditList } from './audit-list';

/** The Audit trail resource of the console. */
export default { list: AuditList, icon: History, options: { label: 'Audit trail' } };
