import ShoppingBasket from '@mui/icons-material/ShoppingBasket';
import { OrderList } from './order-list';

/** The Orders resource of the console. */
export default { list: OrderList, icon: ShoppingBasket, options: { label: 'Orders' } };
