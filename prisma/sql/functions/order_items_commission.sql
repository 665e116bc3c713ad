-- Mandi's commission on an order line, fixed as the line is written (docs/commissions.md): the seller's rule when
-- they have one, else their category's; a percentage of the line's total (basis points, rounded half up to the paisa)
-- plus the rule's fixed fee per line, never more than the line's total. The function of the trigger
-- order_items_commission_insert, so checkout, the seed, the benches and the tests' factories all fix it by one rule;
-- a rule changed later never reprices a line.
CREATE OR REPLACE FUNCTION order_items_commission()
  RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  rule commission_rules%ROWTYPE;
  line_total bigint := NEW.unit_price_paise::bigint * NEW.quantity;
BEGIN
  SELECT * INTO rule FROM commission_rules WHERE seller_id = NEW.seller_id;
  IF NOT FOUND THEN
    SELECT * INTO rule FROM commission_rules WHERE category = NEW.category;
  END IF;
  NEW.commission_basis_points := coalesce(rule.percent_basis_points, 0);
  NEW.commission_fixed_paise := coalesce(rule.fixed_fee_paise, 0);
  NEW.commission_paise := least(line_total,
                                (line_total * NEW.commission_basis_points + 5000) / 10000 + NEW.commission_fixed_paise);
  RETURN NEW;
END;
$$;
