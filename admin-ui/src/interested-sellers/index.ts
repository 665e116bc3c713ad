import Storefront from '@mui/icons-material/Storefront';
import { InterestedSellerList } from './interested-seller-list';

/** The Interested Sellers resource of the console. */
export default { list: InterestedSellerList, icon: Storefront, options: { label: 'Interested Sellers' } };
