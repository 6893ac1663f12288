export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12.2.3"
  }
  public: {
    Tables: {
      admin_users: {
        Row: {
          created_at: string
          email: string
          user_id: string
        }
        Insert: {
          created_at?: string
          email: string
          user_id: string
        }
        Update: {
          created_at?: string
          email?: string
          user_id?: string
        }
        Relationships: []
      }
      attempt_moves: {
        Row: {
          exam_id: string
          expires_at: string
          from_attempt_id: string
          id: string
          login_code: string
          offered_at: string
          offered_by: string | null
          pin_hash: unknown
          to_attempt_id: string | null
          used_at: string | null
          wrong_tries: number
        }
        Insert: {
          exam_id: string
          expires_at: string
          from_attempt_id: string
          id?: string
          login_code: string
          offered_at?: string
          offered_by?: string | null
          pin_hash: unknown
          to_attempt_id?: string | null
          used_at?: string | null
          wrong_tries?: number
        }
        Update: {
          exam_id?: string
          expires_at?: string
          from_attempt_id?: string
          id?: string
          login_code?: string
          offered_at?: string
          offered_by?: string | null
          pin_hash?: unknown
          to_attempt_id?: string | null
          used_at?: string | null
          wrong_tries?: number
        }
        Relationships: []
      }
      attempt_notes: {
        Row: {
          attempt_id: string
          note: string | null
          noted_at: string
          noted_by: string | null
          seat: string | null
        }
        Insert: {
          attempt_id: string
          note?: string | null
          noted_at?: string
          noted_by?: string | null
          seat?: string | null
        }
        Update: {
          attempt_id?: string
          note?: string | null
          noted_at?: string
          noted_by?: string | null
          seat?: string | null
        }
        Relationships: []
      }
      attempt_questions: {
        Row: {
          correct_answer: string
          login_code: string
          option_a: string
          option_b: string
          option_c: string
          option_d: string
          option_order: string
          position: number
          question_id: string
          question_number: number
          question_text: string
          taken_at: string
        }
        Insert: {
          correct_answer: string
          login_code: string
          option_a: string
          option_b: string
          option_c: string
          option_d: string
          option_order: string
          position: number
          question_id: string
          question_number: number
          question_text: string
          taken_at?: string
        }
        Update: {
          correct_answer?: string
          login_code?: string
          option_a?: string
          option_b?: string
          option_c?: string
          option_d?: string
          option_order?: string
          position?: number
          question_id?: string
          question_number?: number
          question_text?: string
          taken_at?: string
        }
        Relationships: []
      }
      audit_log: {
        Row: {
          action: string
          actor: string
          actor_id: string | null
          details: Json
          exam_id: string | null
          id: number
          occurred_at: string
          subject: string | null
        }
        Insert: {
          action: string
          actor: string
          actor_id?: string | null
          details?: Json
          exam_id?: string | null
          id?: number
          occurred_at?: string
          subject?: string | null
        }
        Update: {
          action?: string
          actor?: string
          actor_id?: string | null
          details?: Json
          exam_id?: string | null
          id?: number
          occurred_at?: string
          subject?: string | null
        }
        Relationships: []
      }
      code_guess_failures: {
        Row: {
          client_address: string
          failures: number
          minute: string
        }
        Insert: {
          client_address: string
          failures: number
          minute: string
        }
        Update: {
          client_address?: string
          failures?: number
          minute?: string
        }
        Relationships: []
      }
      exam_attempts: {
        Row: {
          answered_count: number
          client_online: boolean
          deadline: string
          exam_id: string
          id: string
          last_seen: string
          login_code: string
          moved_at: string | null
          moved_from: string | null
          moved_to: string | null
          question_count: number
          refusal: string | null
          reported_answers: Json | null
          reported_answers_at: string | null
          reported_answers_received_at: string | null
          reported_at: string | null
          reported_flags: Json | null
          sitting_id: string | null
          started_at: string
          state: string
          storage_persistent: boolean | null
          student_name: string | null
          tab_switches: number
        }
        Insert: {
          answered_count?: number
          client_online?: boolean
          deadline: string
          exam_id?: string
          id: string
          last_seen?: string
          login_code: string
          moved_at?: string | null
          moved_from?: string | null
          moved_to?: string | null
          question_count: number
          refusal?: string | null
          reported_answers?: Json | null
          reported_answers_at?: string | null
          reported_answers_received_at?: string | null
          reported_at?: string | null
          reported_flags?: Json | null
          sitting_id?: string | null
          started_at?: string
          state?: string
          storage_persistent?: boolean | null
          student_name?: string | null
          tab_switches?: number
        }
        Update: {
          answered_count?: number
          client_online?: boolean
          deadline?: string
          exam_id?: string
          id?: string
          last_seen?: string
          login_code?: string
          moved_at?: string | null
          moved_from?: string | null
          moved_to?: string | null
          question_count?: number
          refusal?: string | null
          reported_answers?: Json | null
          reported_answers_at?: string | null
          reported_answers_received_at?: string | null
          reported_at?: string | null
          reported_flags?: Json | null
          sitting_id?: string | null
          started_at?: string
          state?: string
          storage_persistent?: boolean | null
          student_name?: string | null
          tab_switches?: number
        }
        Relationships: []
      }
      exam_schedule: {
        Row: {
          created_at: string
          duration_minutes: number
          end_time: string
          exam_id: string
          exam_name: string
          id: string
          is_active: boolean
          shuffle_options: boolean
          shuffle_questions: boolean
          start_time: string
        }
        Insert: {
          created_at?: string
          duration_minutes?: number
          end_time: string
          exam_id?: string
          exam_name?: string
          id?: string
          is_active?: boolean
          shuffle_options?: boolean
          shuffle_questions?: boolean
          start_time: string
        }
        Update: {
          created_at?: string
          duration_minutes?: number
          end_time?: string
          exam_id?: string
          exam_name?: string
          id?: string
          is_active?: boolean
          shuffle_options?: boolean
          shuffle_questions?: boolean
          start_time?: string
        }
        Relationships: []
      }
      exams: {
        Row: {
          archived_at: string | null
          created_at: string
          default_duration_minutes: number
          id: string
          name: string
          shuffle_options: boolean
          shuffle_questions: boolean
        }
        Insert: {
          archived_at?: string | null
          created_at?: string
          default_duration_minutes?: number
          id?: string
          name: string
          shuffle_options?: boolean
          shuffle_questions?: boolean
        }
        Update: {
          archived_at?: string | null
          created_at?: string
          default_duration_minutes?: number
          id?: string
          name?: string
          shuffle_options?: boolean
          shuffle_questions?: boolean
        }
        Relationships: []
      }
      key_corrections: {
        Row: {
          accepted: string
          corrected_at: string
          corrected_by: string | null
          exam_id: string
          id: number
          question_id: string
          question_number: number
        }
        Insert: {
          accepted: string
          corrected_at?: string
          corrected_by?: string | null
          exam_id?: string
          id?: number
          question_id: string
          question_number: number
        }
        Update: {
          accepted?: string
          corrected_at?: string
          corrected_by?: string | null
          exam_id?: string
          id?: number
          question_id?: string
          question_number?: number
        }
        Relationships: []
      }
      login_codes: {
        Row: {
          code: string
          created_at: string
          exam_id: string
          extra_minutes: number
          id: string
          is_used: boolean
          label: string | null
          student_name: string | null
          used_at: string | null
          used_by: string | null
        }
        Insert: {
          code: string
          created_at?: string
          exam_id?: string
          extra_minutes?: number
          id?: string
          is_used?: boolean
          label?: string | null
          student_name?: string | null
          used_at?: string | null
          used_by?: string | null
        }
        Update: {
          code?: string
          created_at?: string
          exam_id?: string
          extra_minutes?: number
          id?: string
          is_used?: boolean
          label?: string | null
          student_name?: string | null
          used_at?: string | null
          used_by?: string | null
        }
        Relationships: []
      }
      questions: {
        Row: {
          correct_answer: string
          created_at: string
          exam_category_id: string | null
          exam_id: string
          id: string
          option_a: string
          option_b: string
          option_c: string
          option_d: string
          question_number: number
          question_text: string
        }
        Insert: {
          correct_answer?: string
          created_at?: string
          exam_category_id?: string | null
          exam_id?: string
          id?: string
          option_a?: string
          option_b?: string
          option_c?: string
          option_d?: string
          question_number: number
          question_text: string
        }
        Update: {
          correct_answer?: string
          created_at?: string
          exam_category_id?: string | null
          exam_id?: string
          id?: string
          option_a?: string
          option_b?: string
          option_c?: string
          option_d?: string
          question_number?: number
          question_text?: string
        }
        Relationships: []
      }
      room_time_additions: {
        Row: {
          added_at: string
          added_by: string | null
          added_by_email: string | null
          exam_id: string
          id: string
          login_codes: string[]
          minutes: number
          schedule_id: string | null
        }
        Insert: {
          added_at?: string
          added_by?: string | null
          added_by_email?: string | null
          exam_id?: string
          id?: string
          login_codes: string[]
          minutes: number
          schedule_id?: string | null
        }
        Update: {
          added_at?: string
          added_by?: string | null
          added_by_email?: string | null
          exam_id?: string
          id?: string
          login_codes?: string[]
          minutes?: number
          schedule_id?: string | null
        }
        Relationships: []
      }
      site_settings: {
        Row: {
          address: string | null
          contact_email: string | null
          contact_phone: string | null
          id: boolean
          institution_name: string | null
          product_name: string
          updated_at: string | null
          updated_by: string | null
        }
        Insert: {
          address?: string | null
          contact_email?: string | null
          contact_phone?: string | null
          id?: boolean
          institution_name?: string | null
          product_name?: string
          updated_at?: string | null
          updated_by?: string | null
        }
        Update: {
          address?: string | null
          contact_email?: string | null
          contact_phone?: string | null
          id?: boolean
          institution_name?: string | null
          product_name?: string
          updated_at?: string | null
          updated_by?: string | null
        }
        Relationships: []
      }
      submission_tallies: {
        Row: {
          bucket: string
          exam_id: string
          passed: number
          question_sum: number
          score_sum: number
          shard: number
          submissions: number
        }
        Insert: {
          bucket: string
          exam_id: string
          passed: number
          question_sum?: number
          score_sum: number
          shard: number
          submissions: number
        }
        Update: {
          bucket?: string
          exam_id?: string
          passed?: number
          question_sum?: number
          score_sum?: number
          shard?: number
          submissions?: number
        }
        Relationships: []
      }
      submissions: {
        Row: {
          answers: Json
          answers_fingerprint: string
          arrived_late: boolean
          device_started_at: string | null
          device_time_taken: number | null
          exam_category_id: string | null
          exam_id: string
          from_server_copy: boolean
          id: string
          late_check: Json | null
          login_code: string
          question_count: number
          received_at: string
          recovered_from_file: boolean
          recovery_check: Json | null
          regraded_at: string | null
          replaced_server_copy_at: string | null
          score: number
          score_before_regrade: number | null
          served_key: Json | null
          server_copy_saved_at: string | null
          solutions_shown_at: string | null
          started_at: string
          student_name: string
          submitted_at: string
          tab_switches: number
          time_taken: number
          void_reason: string | null
          voided_at: string | null
          voided_by: string | null
        }
        Insert: {
          answers?: Json
          answers_fingerprint: string
          arrived_late?: boolean
          device_started_at?: string | null
          device_time_taken?: number | null
          exam_category_id?: string | null
          exam_id?: string
          from_server_copy?: boolean
          id: string
          late_check?: Json | null
          login_code: string
          question_count?: number
          received_at?: string
          recovered_from_file?: boolean
          recovery_check?: Json | null
          regraded_at?: string | null
          replaced_server_copy_at?: string | null
          score: number
          score_before_regrade?: number | null
          served_key?: Json | null
          server_copy_saved_at?: string | null
          solutions_shown_at?: string | null
          started_at: string
          student_name: string
          submitted_at: string
          tab_switches?: number
          time_taken: number
          void_reason?: string | null
          voided_at?: string | null
          voided_by?: string | null
        }
        Update: {
          answers?: Json
          answers_fingerprint?: string
          arrived_late?: boolean
          device_started_at?: string | null
          device_time_taken?: number | null
          exam_category_id?: string | null
          exam_id?: string
          from_server_copy?: boolean
          id?: string
          late_check?: Json | null
          login_code?: string
          question_count?: number
          received_at?: string
          recovered_from_file?: boolean
          recovery_check?: Json | null
          regraded_at?: string | null
          replaced_server_copy_at?: string | null
          score?: number
          score_before_regrade?: number | null
          served_key?: Json | null
          server_copy_saved_at?: string | null
          solutions_shown_at?: string | null
          started_at?: string
          student_name?: string
          submitted_at?: string
          tab_switches?: number
          time_taken?: number
          void_reason?: string | null
          voided_at?: string | null
          voided_by?: string | null
        }
        Relationships: []
      }
      trusted_addresses: {
        Row: {
          client_address: string
          trusted_at: string
          trusted_by: string
          trusted_until: string
        }
        Insert: {
          client_address: string
          trusted_at?: string
          trusted_by: string
          trusted_until: string
        }
        Update: {
          client_address?: string
          trusted_at?: string
          trusted_by?: string
          trusted_until?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      add_time_for_everyone: {
        Args: {
          minutes: number
          exam_id?: string
          sitting_id?: string
        }
        Returns: Json
      }
      admin_counts: {
        Args: {
          exam_id?: string
        }
        Returns: Json
      }
      admin_day_answers: {
        Args: {
          time_zone: string
          day: string
          search?: string
          exam_id?: string
        }
        Returns: { id: string; answers: Json }[]
      }
      admin_day_results: {
        Args: {
          time_zone: string
          day: string
          search?: string
          exam_id?: string
        }
        Returns: { id: string; student_name: string; login_code: string; score: number; question_count: number; tab_switches: number; time_taken: number; started_at: string; submitted_at: string; received_at: string; answers_fingerprint: string; recovered_from_file: boolean; arrived_late: boolean; extra_minutes: number; voided_at: string; void_reason: string; regraded_at: string; score_before_regrade: number; rank: number; display_order: number; uncounted_answers: number; exam_id: string; exam_name: string; from_server_copy: boolean; server_copy_saved_at: string; replaced_server_copy_at: string }[]
      }
      admin_day_score_bands: {
        Args: {
          time_zone: string
          day: string
          search?: string
          exam_id?: string
        }
        Returns: { band: number; submissions: number }[]
      }
      admin_exam_overview: {
        Args: never
        Returns: Json
      }
      admin_guessing_limits: {
        Args: never
        Returns: { client_address: string; failures: number; limited: boolean; limited_clients: number; since: string; clears_at: string; trusted_until: string }[]
      }
      admin_item_analysis: {
        Args: {
          time_zone: string
          day?: string
          schedule_id?: string
          exam_id?: string
        }
        Returns: Json
      }
      admin_live_attempt_counts: {
        Args: {
          exam_id?: string
          sitting_id?: string
        }
        Returns: Json
      }
      admin_live_attempts: {
        Args: {
          exam_id?: string
          sitting_id?: string
          order_by?: string
        }
        Returns: { id: string; login_code: string; student_name: string; started_at: string; deadline: string; question_count: number; answered_count: number; tab_switches: number; client_online: boolean; state: string; refusal: string; reported_at: string; last_seen: string; status: string; extra_minutes: number; recovered_from_file: boolean; arrived_late: boolean; storage_persistent: boolean; display_order: number; exam_id: string; exam_name: string; sitting_id: string; sitting_name: string; marks: Json }[]
      }
      admin_login_code_counts: {
        Args: {
          exam_id?: string
          label?: string
        }
        Returns: Json
      }
      admin_login_codes: {
        Args: {
          exam_id?: string
          status?: string
          label?: string
          page_offset?: number
          page_size?: number
        }
        Returns: Json
      }
      admin_offer_attempt_move: {
        Args: {
          attempt_id: string
        }
        Returns: Json
      }
      admin_results_summary: {
        Args: {
          time_zone: string
          search?: string
          day?: string
          exam_id?: string
        }
        Returns: Json
      }
      answers_fingerprint: {
        Args: {
          answers: Json
        }
        Returns: string
      }
      apply_retention: {
        Args: never
        Returns: number
      }
      check_login_code: {
        Args: {
          code: string
        }
        Returns: Json
      }
      clear_guessing_limit: {
        Args: {
          address: string
          trust_minutes?: number
        }
        Returns: Json
      }
      duplicate_exam: {
        Args: {
          exam_id: string
          name: string
        }
        Returns: string
      }
      end_address_trust: {
        Args: {
          address: string
        }
        Returns: Json
      }
      exam_questions: {
        Args: {
          code: string
          attempt_id?: string
          student_name?: string
        }
        Returns: Json
      }
      exam_sizes: {
        Args: never
        Returns: { exam_id: string; question_count: number }[]
      }
      first_exam_id: {
        Args: never
        Returns: string
      }
      is_admin: {
        Args: never
        Returns: boolean
      }
      lookup_result: {
        Args: {
          code: string
        }
        Returns: Json
      }
      normalize_login_code: {
        Args: {
          code: string
        }
        Returns: string
      }
      note_attempt: {
        Args: {
          p_attempt_id: string
          p_seat: string
          p_note: string
        }
        Returns: undefined
      }
      passes: {
        Args: {
          score: number
          question_count: number
        }
        Returns: boolean
      }
      recover_submission_from_file: {
        Args: {
          file: Json
        }
        Returns: Json
      }
      regrade_question: {
        Args: {
          question_id: string
          accepted: string
          apply?: boolean
        }
        Returns: Json
      }
      report_exam_attempt: {
        Args: {
          attempt_id: string
          code: string
          answered_count: number
          tab_switches: number
          state: string
          online: boolean
          reported_at: string
          storage_persistent?: boolean
          answers?: Json
          flags?: Json
        }
        Returns: Json
      }
      restore_submission: {
        Args: {
          submission_id: string
        }
        Returns: Json
      }
      resume_exam_attempt: {
        Args: {
          code: string
          pin: string
          attempt_id: string
        }
        Returns: Json
      }
      room_time_students: {
        Args: {
          exam_id?: string
          sitting_id?: string
        }
        Returns: number
      }
      save_site_settings: {
        Args: {
          institution_name: string
          contact_email: string
          contact_phone: string
          address: string
          product_name: string
        }
        Returns: undefined
      }
      search_pattern: {
        Args: {
          search: string
        }
        Returns: string
      }
      site_settings: {
        Args: never
        Returns: { institution_name: string; contact_email: string; contact_phone: string; address: string; product_name: string }[]
      }
      submit_exam: {
        Args: {
          submission_id: string
          code: string
          student_name: string
          answers: Json
          tab_switches: number
          time_taken: number
          started_at: string
          submitted_at: string
        }
        Returns: Json
      }
      submit_from_server_copies: {
        Args: never
        Returns: number
      }
      void_submission: {
        Args: {
          submission_id: string
          reason: string
        }
        Returns: Json
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type PublicSchema = Database["public"]

export type Tables<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Row"]
export type TablesInsert<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Insert"]
export type TablesUpdate<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Update"]
