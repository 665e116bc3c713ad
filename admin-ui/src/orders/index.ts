import ShoppingBasket from '@mui/icons-material/ShoppingBasket';
import { OrderList } from './order-list';
import { OrderShow } from './order-show';

/** The Orders resource of the console. */
export default { list: OrderList, show: OrderShow, icon: ShoppingBasket, options: { label: 'Orders' } };
