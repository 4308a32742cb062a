import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onFirstInteraction } from '../lib/first-interaction';
import { Dialog } from './Dialog';
import type { Product } from './ProductEnquiryForm';

const loadForm = () => import('./ProductEnquiryForm');
const ProductEnquiryForm = lazy(loadForm);

interface ProductEnquiryApi {
  /** Opens the enquiry dialog, with the product the button was about already chosen. */
  openProductEnquiry: (product?: Product) => void;
}

const ProductEnquiryContext = createContext<ProductEnquiryApi>({ openProductEnquiry: () => undefined });

/** For a page with enquiry buttons: the dialog's form is fetched at the visitor's first interaction. */
export function useProductEnquiry(): ProductEnquiryApi {
  useEffect(() => onFirstInteraction(() => void loadForm()), []);
  return useContext(ProductEnquiryContext);
}

/** The resin page's enquiry dialog (issue 5): stored as a product enquiry and acknowledged by e-mail. */
export function ProductEnquiryProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [product, setProduct] = useState<Product | undefined>(undefined);

  const openProductEnquiry = useCallback((chosen?: Product) => {
    setProduct(chosen);
    setOpen(true);
  }, []);
  const api_ = useMemo(() => ({ openProductEnquiry }), [openProductEnquiry]);
  const close = useCallback(() => setOpen(false), []);

  return (
    <ProductEnquiryContext.Provider value={api_}>
      {children}
      <Dialog open={open} onClose={close} title="Product enquiry" description="Tell us what you need and our product team will get back to you.">
        <Suspense fallback={null}>
          <ProductEnquiryForm product={product} onSent={close} />
        </Suspense>
      </Dialog>
    </ProductEnquiryContext.Provider>
  );
}
