import Inventory2 from '@mui/icons-material/Inventory2';
import { lazy } from 'react';

// Loaded when the tab is opened, so the console's first load does not carry it (docs/console.md, Size).
const ProductList = lazy(async () => ({ default: (await import('./product-list')).ProductList }));

/** The Products resource of the console (issue 17): every product, with Unlist and Relist. */
export default { list: ProductList, icon: Inventory2, options: { label: 'Products' } };
