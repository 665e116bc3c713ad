import Inventory2 from '@mui/icons-material/Inventory2';
import { ProductList } from './product-list';

/** The Products resource of the console (issue 17): every product, with Unlist and Relist. */
export default { list: ProductList, icon: Inventory2, options: { label: 'Products' } };
