import People from '@mui/icons-material/People';
import { UserList } from './user-list';

/** The Users resource of the console. */
export default { list: UserList, icon: People, options: { label: 'Users' } };
