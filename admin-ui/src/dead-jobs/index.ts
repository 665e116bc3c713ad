import SyncProblem from '@mui/icons-material/SyncProblem';
import { DeadJobList } from './dead-job-list';

/** The Dead jobs resource of the console: jobs that used up their attempts, and their retry. */
export default { list: DeadJobList, icon: SyncProblem, options: { label: 'Dead jobs' } };
