import type { CategoryCommission, SellerCommission } from '@mandi/contracts';
import { SELLER_DASHBOARD_MESSAGES } from '@mandi/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import { Alert, Box, Button, LinearProgress, Link, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch, serverMessage, type TokenSource } from '../data/api-fetch';
import { rupees } from '../layout/format';
import { useSay } from '../layout/use-say';
import { RemoveDialog, RuleDialog, type RuleInput } from './commission-dialogs';
import { COMMISSION_TEXTS, fieldMessagesOf, notFound, percentText, type FieldMessages } from './commission-texts';
import { LastChanged, RulesTable } from './rules-table';

/** The query of the rules; every change reads them again. */
const RULES_KEY = ['console', 'commissions'] as const;

/** The dialog open on the page, if any. */
type Open =
  | { kind: 'category'; rule: CategoryCommission }
  | { kind: 'seller'; rule: SellerCommission }
  | { kind: 'add' }
  | { kind: 'remove'; rule: SellerCommission }
  | null;

/**
 * The console's Commissions page (docs/commissions.md): Mandi's commission on each order line, a percentage of the
 * line's total by product category and an optional fixed fee per line, and the sellers whose own rule overrides every
 * category for them; each with who changed it last and when. A rule is edited in a dialog, a seller's own added or
 * removed; the server fixes the rule onto each line at the moment of sale, so a change applies to sales from now on.
 * Every change is audited by the server, and the rules are read again after it (succeeded or not).
 */
export function CommissionsPage({ getToken }: { getToken: TokenSource }) {
  const say = useSay();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const rules = useQuery({
    queryKey: RULES_KEY,
    queryFn: () => apiFetch('commissionRules', getToken),
    retry: false,
  });

  const show = (next: Open) => {
    setErrors({});
    setOpen(next);
  };
  const close = () => show(null);
  const reread = () => queryClient.invalidateQueries({ queryKey: RULES_KEY });
  /** A refusal: the server's field messages under the fields (the dialog stays open), else its message said. */
  const refused = (error: unknown, fallback: string) => {
    const fields = fieldMessagesOf(error);
    if (fields) setErrors(fields);
    else say(serverMessage(error) ?? fallback, 'error');
  };

  const saveCategory = useMutation({
    networkMode: 'always',
    mutationFn: ({ rule, input }: { rule: CategoryCommission; input: RuleInput }) =>
      apiFetch('setCategoryCommission', getToken, {
        params: { category: rule.category },
        body: { percent: input.percent, fixed_fee: input.fixed_fee },
      }),
    onSuccess: (saved) => {
      say(COMMISSION_TEXTS.categorySaved(saved.label, saved), 'success');
      close();
    },
    onError: (error) => refused(error, COMMISSION_TEXTS.saveFailed),
    onSettled: reread,
  });
  const saveSeller = useMutation({
    networkMode: 'always',
    mutationFn: ({ uid, input }: { uid: string; input: RuleInput; adding: boolean }) =>
      apiFetch('setSellerCommission', getToken, {
        params: { uid },
        body: { percent: input.percent, fixed_fee: input.fixed_fee },
      }),
    onSuccess: (saved) => {
      say(COMMISSION_TEXTS.sellerSaved(saved.username, saved), 'success');
      close();
    },
    onError: (error, { adding }) => {
      // No such seller: said under the uid typed; an edited seller gone meanwhile is said, and the rules read again.
      if (notFound(error) && adding)
        setErrors({ uid: serverMessage(error) ?? SELLER_DASHBOARD_MESSAGES.sellerNotFound });
      else if (notFound(error)) {
        say(serverMessage(error) ?? COMMISSION_TEXTS.saveFailed, 'error');
        close();
      } else refused(error, COMMISSION_TEXTS.saveFailed);
    },
    onSettled: reread,
  });
  const removeSeller = useMutation({
    networkMode: 'always',
    mutationFn: (rule: SellerCommission) => apiFetch('clearSellerCommission', getToken, { params: { uid: rule.uid } }),
    onSuccess: (_rules, rule) => {
      say(COMMISSION_TEXTS.sellerRemoved(rule.username), 'warning');
      close();
    },
    onError: (error) => {
      say(serverMessage(error) ?? COMMISSION_TEXTS.removeFailed, 'error');
      // Nothing left to remove (someone did meanwhile): the rules read again show it.
      if (notFound(error)) close();
    },
    onSettled: reread,
  });
  const clearError = (field: keyof FieldMessages) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const data = rules.data;
  return (
    <Box sx={{ mt: 2, mb: 4, minWidth: 0 }}>
      <Title title="Commissions" />
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" fontWeight={800} color="primary.dark">
          Commissions
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch' }}>
          Mandi&apos;s commission on each order line: a percentage of the line&apos;s total by the product&apos;s
          category, and an optional fixed fee per line. It is fixed onto each line at the moment of sale, so a change
          applies to sales from now on. A seller&apos;s own rule overrides every category for them. Every change is
          recorded in the{' '}
          <Link component={RouterLink} to="/audit">
            audit trail
          </Link>
          .
        </Typography>
      </Box>

      {rules.isFetching && <LinearProgress aria-label="Loading the commission rules" sx={{ mb: 2 }} />}
      {rules.isError && (
        <Alert severity="error" action={<Button onClick={() => void rules.refetch()}>Try again</Button>} sx={{ mb: 2 }}>
          {serverMessage(rules.error) ?? COMMISSION_TEXTS.fetchFailed}
        </Alert>
      )}

      {data && (
        <>
          <RulesTable<CategoryCommission>
            title="By category"
            caption="A percentage of each order line's total (GST included) and a fixed fee per line, by the product's category."
            rows={data.categories}
            rowKey={(rule) => rule.category}
            rowName={(rule) => rule.label}
            empty="No category has a commission rule."
            columns={[
              { label: 'Category', cell: (rule) => rule.label },
              { label: 'Commission', cell: (rule) => percentText(rule.percent), numeric: true },
              { label: 'Fixed fee per line', cell: (rule) => rupees(rule.fixed_fee), numeric: true },
              {
                label: 'Last changed (IST)',
                cell: (rule) => <LastChanged rule={rule} nobody="Starting rule" />,
              },
            ]}
            actions={(rule) => (
              <Button
                size="small"
                variant="outlined"
                startIcon={<Edit />}
                aria-label={`Edit ${rule.label}`}
                onClick={() => show({ kind: 'category', rule })}
              >
                Edit
              </Button>
            )}
          />
          <RulesTable<SellerCommission>
            title="Sellers' own rules"
            caption="A seller's own rule overrides every category for them."
            rows={data.sellers}
            rowKey={(rule) => rule.uid}
            rowName={(rule) => rule.username || rule.uid}
            empty="No seller has a rule of their own: each sells at their categories' commissions."
            action={
              <Button variant="contained" size="small" startIcon={<Add />} onClick={() => show({ kind: 'add' })}>
                Add a seller&apos;s rule
              </Button>
            }
            columns={[
              {
                label: 'Seller',
                cell: (rule) => (
                  <>
                    <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {rule.username || rule.uid}
                    </Box>
                    <Typography
                      component="span"
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block', overflowWrap: 'anywhere', fontWeight: 400 }}
                    >
                      {rule.uid}
                    </Typography>
                  </>
                ),
              },
              { label: 'Commission', cell: (rule) => percentText(rule.percent), numeric: true },
              { label: 'Fixed fee per line', cell: (rule) => rupees(rule.fixed_fee), numeric: true },
              { label: 'Last changed (IST)', cell: (rule) => <LastChanged rule={rule} nobody="—" /> },
            ]}
            actions={(rule) => (
              <>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<Edit />}
                  aria-label={`Edit ${rule.username || rule.uid}'s rule`}
                  onClick={() => show({ kind: 'seller', rule })}
                >
                  Edit
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutline />}
                  aria-label={`Remove ${rule.username || rule.uid}'s rule`}
                  onClick={() => show({ kind: 'remove', rule })}
                >
                  Remove
                </Button>
              </>
            )}
          />
        </>
      )}

      {open?.kind === 'category' && (
        <RuleDialog
          title={`Commission of ${open.rule.label}`}
          description={`Applies to every ${open.rule.label} order line sold from now on, except for sellers with a rule of their own. Sales already made keep theirs.`}
          initial={open.rule}
          pending={saveCategory.isPending}
          errors={errors}
          onClearError={clearError}
          onClose={close}
          onSave={(input) => saveCategory.mutate({ rule: open.rule, input })}
        />
      )}
      {open?.kind === 'seller' && (
        <RuleDialog
          title={`${open.rule.username || open.rule.uid}'s own rule`}
          description="On every line this seller sells from now on, whatever its category. Sales already made keep theirs."
          initial={open.rule}
          pending={saveSeller.isPending}
          errors={errors}
          onClearError={clearError}
          onClose={close}
          onSave={(input) => saveSeller.mutate({ uid: open.rule.uid, input, adding: false })}
        />
      )}
      {open?.kind === 'add' && (
        <RuleDialog
          title="Add a seller's rule"
          description="Overrides every category for this seller, on their sales from now on. A seller who has a rule already has it replaced."
          askUid
          pending={saveSeller.isPending}
          errors={errors}
          onClearError={clearError}
          onClose={close}
          onSave={(input) => saveSeller.mutate({ uid: input.uid, input, adding: true })}
        />
      )}
      {open?.kind === 'remove' && (
        <RemoveDialog
          username={open.rule.username || open.rule.uid}
          pending={removeSeller.isPending}
          onClose={close}
          onConfirm={() => removeSeller.mutate(open.rule)}
        />
      )}
    </Box>
  );
}
