import Spa from '@mui/icons-material/Spa';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin } from 'react-admin';
import { useRefusal } from './refusal-context';

/** The console's sign-in: the same e-mail and password accounts as the storefront; admins only. */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A signed-in non-admin who opened the console is turned away before any form is sent.
  const refusal = useRefusal();
  const shown = error ?? refusal;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await login({ username: email, password });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Sign-in failed. Please try again.');
      setSubmitting(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #2E7D32, #1B5E20)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ p: 4 }}>
          <Box
            sx={{
              display: 'inline-grid',
              placeItems: 'center',
              width: 52,
              height: 52,
              borderRadius: 3,
              bgcolor: 'primary.main',
              color: 'secondary.main',
              mb: 2,
            }}
          >
            <Spa />
          </Box>
          <Typography variant="h5" component="h1" fontWeight={800} color="primary.dark">
            Mandi Admin
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Sign in with an administrator account.
          </Typography>
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            {shown && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                <div>{shown}</div>
                {shown === refusal && <div>Taking you to the storefront…</div>}
              </Alert>
            )}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              fullWidth
              required
              margin="normal"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              fullWidth
              required
              margin="normal"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              size="large"
              sx={{ mt: 2 }}
              disabled={submitting || !email || !password}
            >
              Sign in
            </Button>
          </form>
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <a href="/" style={{ color: '#2E7D32' }}>
              Back to the Mandi storefront
            </a>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
