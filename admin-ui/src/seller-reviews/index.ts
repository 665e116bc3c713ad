import FactCheck from '@mui/icons-material/FactCheck';
import { lazy } from 'react';

// Loaded when the tab or a profile is opened (docs/console.md, Size).
const SellerReviewList = lazy(async () => ({ default: (await import('./seller-review-list')).SellerReviewList }));
const SellerReviewShow = lazy(async () => ({ default: (await import('./seller-review-show')).SellerReviewShow }));

/** The Seller reviews resource of the console (issue 31): sellers' business profiles, approved or rejected here. */
export default {
  list: SellerReviewList,
  show: SellerReviewShow,
  icon: FactCheck,
  options: { label: 'Seller reviews' },
};
