-- What a hosted Supabase project has beyond supabase/local/bootstrap.sql (which runs first and
-- prepares what our migrations use: the API roles, schemas auth and extensions, auth.users and
-- auth.uid()/auth.role()/auth.jwt()): the roles of Supabase's own services, with the attributes
-- a hosted project gives them. No pg_graphql: our API is PostgREST's alone. Roles belong to the
-- whole cluster, so each is created only when missing.
--
-- The advisor's lints read them: multiple_permissive_policies, for one, counts a policy for
-- PUBLIC against every role that neither bypasses row-level security nor is one of
-- Supabase's administrators.

do $$
declare
  role_attributes constant text[][] := array[
    -- PostgREST signs in as authenticator and becomes the API role of each request.
    ['authenticator', 'login noinherit'],
    ['supabase_admin', 'superuser createdb createrole replication bypassrls'],
    ['supabase_auth_admin', 'login noinherit createrole'],
    ['supabase_storage_admin', 'login noinherit createrole'],
    ['supabase_realtime_admin', 'nologin noinherit'],
    ['supabase_replication_admin', 'login replication'],
    ['supabase_read_only_user', 'login bypassrls'],
    ['dashboard_user', 'nologin createdb createrole replication'],
    ['pgbouncer', 'login']
  ];
  i integer;
begin
  for i in 1 .. array_length(role_attributes, 1) loop
    if not exists (select 1 from pg_catalog.pg_roles where rolname = role_attributes[i][1]) then
      execute format('create role %I %s', role_attributes[i][1], role_attributes[i][2]);
    end if;
  end loop;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant pg_read_all_data to supabase_read_only_user;
