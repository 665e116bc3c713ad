import ShoppingBasket from '@mui/icons-material/ShoppingBasket';
import { lazy } from 'react';
import { OrderList } from './order-list';

// The order page is loaded when one is opened (docs/console.md, Size); the list is the console's first tab.
const OrderShow = lazy(async () => ({ default: (await import('./order-show')).OrderShow }));

/** The Orders resource of the console. */
export default { list: OrderList, show: OrderShow, icon: ShoppingBasket, options: { label: 'Orders' } };
