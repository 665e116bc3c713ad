import type { ProductShopState } from '@mandi/contracts';
import type { ReactNode } from 'react';
import { useAddToCart } from '../products/add-to-cart';
import type { ListedProduct } from '../products/product';
import { ProductCard } from '../products/product-card';
import grid from '../products/product-grid.module.css';
import { ShopStateNote } from './shop-state-note';

/**
 * A user's posts as product cards (own profile and seller profile): each card names this user as its seller when the
 * answer did not carry one; the own profile adds a menu to each card.
 */
export function PostsGrid({
  posts,
  seller,
  menu,
}: {
  posts: readonly ListedProduct[];
  seller: NonNullable<ListedProduct['seller']>;
  menu?: (product: ListedProduct) => ReactNode;
}) {
  const addToCart = useAddToCart();
  const now = new Date();
  return (
    <ul className={grid.grid}>
      {posts.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={{ ...product, seller: product.seller ?? seller }}
            now={now}
            priority={index < 2}
            onAddToCart={(id) => void addToCart(id)}
            menu={menu?.(product)}
          />
          <ShopStateNote state={(product as { shop_state?: ProductShopState }).shop_state} />
        </li>
      ))}
    </ul>
  );
}
